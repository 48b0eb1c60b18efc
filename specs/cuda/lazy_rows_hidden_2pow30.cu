// spec: lazy memory: a row-per-block kernel at hidden = 2^30 writes cells 2^30 apart; memory is allocated only where written, final lists the cells set
// run: run --block-dim 2 --grid-dim 2 --param hidden=1073741824
// exit: 0
// expect: verdict=ok final.out={"0":1,"1":2,"1073741824":2,"1073741825":3}
// run: run --block-dim 2 --grid-dim 2 --param hidden=1073741824 --buffer out=1073741826
// exit: 0
// expect: verdict=ok final.out.1073741825=3 final.out.1=2
// run: run --block-dim 2 --grid-dim 2 --param hidden=1073741824 --buffer out=1073741824
// exit: 1
// expect: verdict=out-of-bounds group=1 threads=[0] array=out index=1073741824 location.line=25
// why: block b, thread t writes row_ptr(out, b, hidden)[t] = out[b * hidden + t] (unsigned
//   arithmetic: 2^30 fits) with b + t + 1: out[0] = 1, out[1] = 2 (block 0), out[2^30] = 2,
//   out[2^30 + 1] = 3 (block 1). The buffer is unbounded, its highest cell set 2^30 + 1 >= 4096, so
//   final.out is the object of the 4 cells set (nothing else is allocated; today's dense listing
//   of 2^30 cells was std::bad_alloc). With --buffer out=2^30 + 2 the array is bounded but larger
//   than 2^16 cells without initialiser: stored sparsely, bounds-checked at 2^30 + 2, the same 4
//   writes are inside. With --buffer out=2^30 block 1's thread (0,0,0) writes out[2^30], one past
//   the last cell, at line 25 (block 0 wrote cells 0 and 1 first without error).
namespace rows {
template <typename T> __device__ inline T* row_ptr(T* base, unsigned row, unsigned hidden) { return base + row * hidden; }
}  // namespace rows

__global__ void fill_rows(int* out, unsigned hidden) {
  int* r = rows::row_ptr(out, blockIdx.x, hidden);
  r[threadIdx.x] = static_cast<int>(blockIdx.x + threadIdx.x + 1);
}
