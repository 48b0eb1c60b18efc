// spec: declarations as production CUDA writes them: an __align__(8) struct, an enum class selecting the operation, typedef and using aliases inside the kernel, and CUDA's integer min/max; __align__ changes the byte layout, not the model's one cell per field; C++ references are not yet lowered, so the helper takes its Pair by value
// run: run --block-dim 4 --buffer out=4 --buffer pairs=4
// exit: 0
// expect: verdict=ok final.out=[-1,0,2,4] final.pairs=[0,2,1,2,2,2,3,2]
// why: p = {t, 2} and op = Sub: v = t - 2 = -2, -1, 0, 1; out[t] = min(v, 10) + max(t, 1):
//   -2 + 1 = -1, -1 + 1 = 0, 0 + 2 = 2, 1 + 3 = 4. pairs[t] = p: cells 2t, 2t + 1 = t, 2
//   (four aligned Pairs of 8 bytes, two fields each: eight cells). Each thread writes its own cells.
struct __align__(8) Pair {
  int a;
  int b;
};

enum class Op : int { Add, Sub };

__device__ __forceinline__ int apply(Op op, Pair p) { return op == Op::Sub ? p.a - p.b : p.a + p.b; }

__global__ void combine(int *__restrict__ out, Pair *__restrict__ pairs) {
  typedef int index_t;
  using value_t = int;
  const index_t t = threadIdx.x;
  const Pair p = {t, 2};
  const value_t v = apply(Op::Sub, p);
  out[t] = min(v, 10) + max(t, 1);
  pairs[t] = p;
}
