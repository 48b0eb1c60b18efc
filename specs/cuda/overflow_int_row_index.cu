// spec: 64-bit target: the int element index row * hidden + col of a packed-pair kernel overflows at hidden = 2^30 (undefined behaviour), found by run and prove
// run: run --block-dim 2 --grid-dim 3 --param hidden=1073741824
// exit: 1
// expect: verdict=integer-overflow group=2 threads=[0] location.line=34
// run: run --block-dim 2 --grid-dim 2 --param hidden=1073741824
// exit: 0
// expect: verdict=ok final.x={"0":-2147450880,"1":-2147450880,"536870912":-2147450880,"536870913":-2147450880}
// run: run --block-dim 2 --grid-dim 3 --param hidden=1073741824 --no-overflow-check
// exit: 0
// run: prove --block-dim 2 --grid-dim 3
// exit: 1
// expect: verdict=integer-overflow confirmed=true
// why: x holds two 16-bit halves per 32-bit word (half2 / bf16x2 storage); `elem` counts halves.
//   Block b, thread t: row = b, col = 2t, elem = b * 2^30 + 2t in int. For b = 2, b * hidden =
//   2^31 > INT_MAX: signed overflow (undefined in C++), and elem reaches the address x[elem / 2],
//   so it is the verdict integer-overflow at line 34, first for thread (0,0,0) of group 2 (groups
//   0 and 1 run first without error: 0 and 2^30 fit). With 2 blocks nothing overflows: words
//   elem / 2 = b * 2^29 + t, i.e. 0, 1, 2^29, 2^29 + 1, each 0 ^ 0x80008000 = -2147450880 as a
//   signed word (sparse final: the highest cell 2^29 + 1 >= 4096). --no-overflow-check wraps
//   as GPUVerify does: block 2's elem wraps to -2^31 + 2t, elem / 2 = -2^30 + t (an unbounded
//   buffer, negative cells allowed as in GPUVerify): no verdict. prove: every group size, hidden
//   any even int: with one thread per block, col = 0 < hidden, row 2's 2 * hidden overflows for
//   hidden >= 2^30 (the smallest group size, 1, shows it); without overflow the rows' halves
//   [row * hidden, row * hidden + hidden) are disjoint, so two threads meet on a word only through
//   a wrap (or a col = 2 * threadIdx.x that wraps negative, which needs 2^30 threads and more): the
//   overflow is the verdict, which the interpreter confirms.
__device__ inline unsigned flip_halves(unsigned w) { return w ^ 0x80008000u; }  // negate both halves

__global__ void negate_pairs(unsigned* x, int hidden) {
  __requires(hidden % 2 == 0);  // whole pairs per row
  int row = blockIdx.x;
  int col = 2 * threadIdx.x;
  if (col < hidden) {
    int elem = row * hidden + col;  // BUG: int, overflows once row * hidden >= 2^31
    x[elem / 2] = flip_halves(x[elem / 2]);
  }
}
