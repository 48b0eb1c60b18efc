// spec: 64-bit target: the fixed packed-pair kernel computes the element index in size_t (64 bits): no overflow at hidden = 2^30, the cells 2^30 apart are written
// run: run --block-dim 2 --grid-dim 3 --param hidden=1073741824
// exit: 0
// expect: verdict=ok final.x.0=-2147450880 final.x.536870913=-2147450880 final.x.1073741824=-2147450880 final.x.1073741825=-2147450880
// run: run --block-dim 2 --grid-dim 5 --param hidden=1073741824
// exit: 0
// expect: verdict=ok final.x={"0":-2147450880,"1":-2147450880,"536870912":-2147450880,"536870913":-2147450880,"1073741824":-2147450880,"1073741825":-2147450880,"1610612736":-2147450880,"1610612737":-2147450880,"2147483648":-2147450880,"2147483649":-2147450880}
// why: elem = (size_t)row * hidden + col is 64-bit unsigned arithmetic (size_t is 64 bits on the
//   64-bit target): for block 2, elem = 2^31 + 2t exactly, elem / 2 = 2^30 + t, a 64-bit index
//   whose high word is 0: it fits the model's 32-bit cells. Words 0, 1, 2^29, 2^29 + 1, 2^30,
//   2^30 + 1 are each flipped once from 0: -2147450880. With 5 blocks, block b has elem / 2 =
//   b * 2^29 + t: blocks 3 and 4 add 1610612736, 1610612737 and, past 2^31, 2147483648 and
//   2147483649 (a 64-bit index, exact in the unbounded buffer: never its low word, which would
//   be cell -2^31 + t), each flipped once: ok, ten cells of -2147450880.
__device__ inline unsigned flip_halves(unsigned w) { return w ^ 0x80008000u; }  // negate both halves

template <typename Index>
__device__ inline Index element_of(int row, int hidden, int col) {
  return static_cast<Index>(row) * static_cast<Index>(hidden) + static_cast<Index>(col);
}

__global__ void negate_pairs(unsigned* x, int hidden) {
  __requires(hidden % 2 == 0);  // whole pairs per row
  int row = blockIdx.x;
  int col = 2 * threadIdx.x;
  if (col < hidden) {
    size_t elem = element_of<size_t>(row, hidden, col);  // FIX: 64-bit index arithmetic
    x[elem / 2] = flip_halves(x[elem / 2]);
  }
}
