// spec: member masks and the lanes that take part: warp-aggregated atomics inside a divergent branch with __activemask() are ok and with the full mask warp-mask; a full-mask ballot after lanes returned early is ok (CUDA: exited lanes may be named); __syncwarp() (full mask) in a branch of half the warp is warp-mask, __syncwarp(0x0000ffff) there is ok
// run: run --kernel filterPositive --block-dim 8 --buffer in=8 --buffer out=8 --buffer count=1 --init in=3,-1,4,-1,5,-9,2,-6 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[3,4,5,2,0,0,0,0] final.count=[4]
// run: check --kernel filterPositive --block-dim 4 --buffer in=4 --buffer out=4 --buffer count=1 --domain 0..1 --model simt:32
// exit: 0
// expect: verdict=ok
// run: run --kernel filterPositiveWholeWarp --block-dim 8 --buffer in=8 --buffer out=8 --buffer count=1 --init in=3,-1,4,-1,5,-9,2,-6 --model simt:32
// exit: 1
// expect: verdict=warp-mask threads=[0,1] mask=4294967295 location.line=52
// run: run --kernel countValid --block-dim 8 --buffer in=8 --buffer counts=1 --buffer len=1 --init len=5 --init in=3,-1,4,-1,5,-9,2,-6 --model simt:32
// exit: 0
// expect: verdict=ok final.counts=[3]
// run: run --kernel transposeHalf --block-dim 32 --buffer buf=32 --buffer flags=1 --init flags=0 --model simt:32
// exit: 1
// expect: verdict=warp-mask threads=[0,16] mask=4294967295 location.line=79
// run: run --kernel transposeHalf --block-dim 32 --buffer buf=32 --buffer flags=1 --init flags=1 --model simt:32
// exit: 0
// expect: verdict=ok final.buf=[15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
// why: simt:32, one warp; with 8 threads lanes 8..31 do not exist (no lane: not a violation).
//   filterPositive: lanes with in > 0 (0, 2, 4, 6) call warpAppendSlot; there __activemask()
//   = 0b01010101 = 0x55, leader = __ffs - 1 = 0, rank (set bits below the lane) 0, 1, 2, 3.
//   The leader (rank 0) takes base 0 / 32 * 32 = 0 and writes count[0] = __popc = 4; the
//   __shfl_sync(0x55, base, 0) is executed by exactly lanes 0, 2, 4, 6, all named, all with
//   0x55: ok, each gets 0 and writes out[rank]: out[0..3] = 3, 4, 5, 2. check with 4 threads
//   and in over 0..1: whatever subset enters, the mask is that subset (the active lanes,
//   each named, all executing), and the slots 0..3 are distinct: ok. filterPositiveWholeWarp
//   passes 0xffffffff to the shuffle: lane 0 names lane 1, which is in the other side of `if
//   (v > 0)`, not exited: warp-mask, threads [0, 1], at the shuffle. countValid, n = len[0]
//   = 5: lanes 5..7 return first (exited); lanes 0..4 execute __ballot_sync(0xffffffff, in >
//   0): lanes 5..7 are named but exited, 8..31 no lane: ok. The votes are lanes 0, 2, 4 (3,
//   4, 5 > 0; -1 is not): popc = 3 into counts[0]. transposeHalf: lanes 0..15 (lane < 16)
//   store tile[lane] = lane and reach __syncwarp; half (flags[0]) = 0 passes the full mask:
//   lane 0 names lane 16, in the other side of the if, not exited: warp-mask [0, 16] at
//   __syncwarp. half = 1 passes 0x0000ffff, exactly the lanes there: ok; buf[lane] = tile[15
//   - lane] = 15 - lane for lanes 0..15, 0 elsewhere (buf starts 0 in run). On an H100 (nvcc
//   sm_90), compute-sanitizer's synccheck reports nothing for a full-mask __syncwarp and
//   __ballot_sync after lanes 5..31 returned, and the ballot is 31 (lanes 0..4).
template <bool WholeWarp>
// Warp-aggregated append: the active lanes' leader reserves the warp's slots and records
// how many; every active lane gets the base by a shuffle and adds its rank.
__device__ unsigned int warpAppendSlot(int *counts) {
  unsigned int active = __activemask();
  unsigned int lane = threadIdx.x % warpSize;
  unsigned int rank = __popc(active & ((1u << lane) - 1u));
  int leader = __ffs(active) - 1;
  unsigned int base = 0;
  if (rank == 0) {
    base = threadIdx.x / warpSize * warpSize;
    counts[threadIdx.x / warpSize] = __popc(active);
  }
  base = __shfl_sync(WholeWarp ? 0xffffffffu : active, base, leader);
  return base + rank;
}

__global__ void filterPositive(const int *in, int *out, int *count) {
  int v = in[threadIdx.x];
  if (v > 0) out[warpAppendSlot<false>(count)] = v;
}

__global__ void filterPositiveWholeWarp(const int *in, int *out, int *count) {
  int v = in[threadIdx.x];
  if (v > 0) out[warpAppendSlot<true>(count)] = v;
}

__global__ void countValid(const int *in, int *counts, const int *len) {
  if (threadIdx.x >= len[0]) return;  // lanes past the end leave the kernel
  unsigned int votes = __ballot_sync(0xffffffffu, in[threadIdx.x] > 0);
  if (threadIdx.x % warpSize == 0) counts[threadIdx.x / warpSize] = __popc(votes);
}

__global__ void transposeHalf(int *buf, const int *flags) {
  const bool half = flags[0] != 0;
  __shared__ int tile[32];
  const unsigned int lane = threadIdx.x % 32;
  if (lane < 16) {
    tile[lane] = lane;
    if (half) __syncwarp(0x0000ffffu);
    else __syncwarp();
    buf[lane] = tile[15 - lane];
  }
}
