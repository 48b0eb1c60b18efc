// spec: --kernel names a template kernel of a namespace without its namespace ('fill<float>'), as users write it: when exactly one template kernel of the file has that name, the reference is resolved in its namespace and Clang instantiates it (the file instantiates nothing); a name two namespaces share stays unknown, exit 2, listing both
// run: run --kernel 'fill<float>' --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[1069547520,1069547520]
// run: run --kernel 'fill<int>' --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[1,1]
// run: run --kernel 'layers::fill<int>' --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[1,1]
// run: run --kernel 'clear<int>' --block-dim 2 --buffer out=2
// exit: 2
// stderr: error: no kernel named 'clear<int>' (--kernel) (use of undeclared identifier 'clear')
// stderr: template kernels never instantiated: layers::fill<T>, layers::clear<T>, norms::clear<T>
// why: fill is declared only in namespace layers, never instantiated. 'fill<float>' does not
//   resolve from the global scope; the file has one template kernel named fill
//   (layers::fill<T>), so the reference becomes layers::fill<float>: each thread t writes
//   static_cast<float>(1.5) = 1.5f to out[t], bits 0x3fc00000 = 1069547520. With T = int,
//   static_cast<int>(1.5) truncates toward zero: 1 (in range, defined). Spelled with its
//   namespace it is the same kernel. clear exists in two namespaces (layers and norms): an
//   unqualified name is ambiguous, so it stays unresolved: exit 2 lists the file's template
//   kernels in declaration order (layers::fill, layers::clear, norms::clear).
namespace layers {
template <typename T>
__global__ void fill(T* out) {
  out[threadIdx.x] = static_cast<T>(1.5);
}

template <typename T>
__global__ void clear(T* out) {
  out[threadIdx.x] = T(0);
}
}  // namespace layers

namespace norms {
template <typename T>
__global__ void clear(T* out) {
  out[threadIdx.x] = T();
}
}  // namespace norms
