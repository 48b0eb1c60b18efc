// spec: __uniform_int with several blocks and no __same_group() guard, of operands that cannot differ between blocks (a kernel parameter, blockDim, threadIdx): sdvmc pairs the threads of one block and adds each thread's twin in another block, which is the whole launch's question, and it holds
// run: run --block-dim 4 --grid-dim 2 --buffer out=8 --param n=4
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0,1,1,1,1]
// why: n / blockDim.x * blockDim.x = 4 / 4 * 4 = 4 in every thread of every block: it reads only the
//   parameter n (never assigned) and blockDim. A pair of threads of two blocks (g, l), (g', l') has the
//   operand values of the pair (g, l), (g, l') of one block, or, when l' = l, of the thread with itself;
//   both are checked (pairs(x == other(x)) && x == x): 4 == 4, it holds in both blocks. The second,
//   __uniform_int(threadIdx.x / blockDim.x), is 0 for every thread (threadIdx.x < 4): it holds too.
//   tileOf(g*4 + l, n) = (g*4 + l) / 4 = g: out = {0, 0, 0, 0, 1, 1, 1, 1}, each thread its own cell.
#include <gpuverify.h>

__device__ int tileOf(int i, int width) { return i / width; }

__global__ void fill(int *out, int n) {
  __requires(n == 4);
  __assert(__uniform_int(n / blockDim.x * blockDim.x));
  __assert(__uniform_int(threadIdx.x / blockDim.x));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tileOf(i, n);
}
