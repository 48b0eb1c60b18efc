// spec: a template kernel in nested namespaces, instantiated only by the host's <<<…>>> launch, found by its qualified or plain name; its headers found with -I, a macro with -D, a prelude with -include; C++17 in the body (constexpr, a lambda, a structured binding, if constexpr, auto); a missing header names -I
// run: run --block-dim 4 --buffer out=4 --buffer in=4 --init in=1,2,3,4 -I $DIR/include -D EXTRA=5 -include $DIR/include/act_prelude.h
// exit: 0
// expect: verdict=ok final.out=[111,117,123,129]
// run: run --block-dim 4 --buffer out=4 --buffer in=4 --init in=1,2,3,4 --kernel 'vllm::act::silu_and_mul<int, 2>' -I$DIR/include -DEXTRA=5 --include $DIR/include/act_prelude.h
// exit: 0
// expect: verdict=ok final.out=[111,117,123,129]
// run: run --block-dim 4 --kernel act::silu_and_mul -I $DIR/include -D EXTRA=5 -include $DIR/include/act_prelude.h
// exit: 0
// expect: verdict=ok
// run: run --block-dim 4 --kernel vllm::silu_and_mul -I $DIR/include -D EXTRA=5 -include $DIR/include/act_prelude.h
// exit: 2
// stderr: error: no kernel named 'vllm::silu_and_mul' (--kernel); the file has vllm::act::silu_and_mul<int, 2>
// run: run --block-dim 4 -D EXTRA=5
// exit: 2
// stderr: 25:10: error: 'act_config.h' file not found (sdvmc searches the kernel's folder, its own CUDA headers and the C++ library; give the project's include folders with -I DIR, as to nvcc)
// why: The file's only kernel is vllm::act::silu_and_mul<int, 2>, instantiated by launch()'s
//   <<<1, 4>>> (host code, not lowered); --kernel may name it in full, without its outer
//   namespaces (act::…) and without its arguments (its only instantiation); vllm::silu_and_mul
//   is not a name it has. kN = 2, so k = 2 * kScale (3, from act_config.h) = 6.
//   Thread t: p = Pair{in[t], EXTRA} = {t+1, 5}; auto [a, b] = p gives a = t+1, b = 5; kN > 1,
//   so out[t] = shift(a) + b + ACT_BIAS = 6(t+1) + 5 + 100 = 6t + 111:
//   out = [111, 117, 123, 129]. One writer per cell: ok. Without -I, the #include on line 25
//   (column 10: the header's name) is not found.
#include "act_config.h"
#include <cuda_runtime.h>

namespace vllm {
namespace act {

struct Pair {
  int a;
  int b;
};

template <typename T, int kN>
__global__ void silu_and_mul(T* __restrict__ out, const T* __restrict__ in) {
  constexpr int k = kN * kScale;
  auto shift = [&](T x) { return x * k; };
  const Pair p{in[threadIdx.x], EXTRA};
  auto [a, b] = p;
  if constexpr (kN > 1) {
    out[threadIdx.x] = shift(a) + b + ACT_BIAS;
  } else {
    out[threadIdx.x] = 0;
  }
}

}  // namespace act
}  // namespace vllm

void launch(int* out, const int* in) { vllm::act::silu_and_mul<int, 2><<<1, 4>>>(out, in); }
