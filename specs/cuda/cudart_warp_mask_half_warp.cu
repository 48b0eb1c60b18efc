// spec: member masks that name part of the warp: a half-warp butterfly with mask 0x0000ffff run by lanes 0..15 only is ok, the two halves each with their own mask at once are ok, an off-by-one guard letting lane 16 in with 0x0000ffff is the verdict warp-mask
// run: run --kernel lowHalfSum --block-dim 32 --buffer in=32 --buffer out=32 --init in=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[120,120,120,120,120,120,120,120,120,120,120,120,120,120,120,120,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]
// run: run --kernel halvesSum --block-dim 32 --buffer in=32 --buffer out=32 --init in=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[120,120,120,120,120,120,120,120,120,120,120,120,120,120,120,120,376,376,376,376,376,376,376,376,376,376,376,376,376,376,376,376]
// run: run --kernel lowHalfSumOffByOne --block-dim 32 --buffer in=32 --buffer out=32 --model simt:32
// exit: 1
// expect: verdict=warp-mask threads=[16] mask=65535 location.line=29
// why: lane = threadIdx.x % 32 is simt:32's lane. halfWarpSum<16> xors the lane with 8, 4, 2,
//   1: lane l < 16 reads lane l ^ m < 16 (and l ^ m <= l | 31, so the width keeps it), lane
//   l >= 16 reads l ^ m >= 16. lowHalfSum: lanes 0..15 execute each shuffle together with
//   0x0000ffff, which names exactly them: ok; each ends with in[0] + … + in[15] = 0 + 1 + …
//   + 15 = 120; lanes 16..31 write nothing (out starts 0). halvesSum: all 32 lanes execute
//   each shuffle at once, lanes 0..15 with 0x0000ffff, lanes 16..31 with 0xffff0000; every
//   lane names itself and every lane its mask names executes with the same mask: ok (CUDA
//   lets masks partition the warp). Lanes 16..31 get 16 + … + 31 = 16 * 16 + 120 = 376.
//   lowHalfSumOffByOne: `lane <= 16` lets lanes 0..16 in; lanes 0..15 pass (their mask names
//   0..15, all executing with it), lane 16 executes a shuffle whose mask 0x0000ffff lacks
//   bit 16: warp-mask, thread 16 alone, at the shuffle. On an H100, compute-sanitizer's
//   synccheck accepts __syncwarp with the two halves' masks at once and stops a lane whose
//   mask lacks its own bit ("Invalid arguments").
#define HALF_MASK 0x0000ffffu

template <unsigned int Lanes>
__device__ int halfWarpSum(unsigned int mask, int v) {
  for (int laneMask = Lanes / 2; laneMask > 0; laneMask >>= 1)
    v += __shfl_xor_sync(mask, v, laneMask);
  return v;
}

__global__ void lowHalfSum(const int *in, int *out) {
  const unsigned int lane = threadIdx.x % 32;
  if (lane < 16) out[threadIdx.x] = halfWarpSum<16>(HALF_MASK, in[threadIdx.x]);
}

__global__ void halvesSum(const int *in, int *out) {
  const unsigned int lane = threadIdx.x % 32;
  const unsigned int mask = lane < 16 ? HALF_MASK : ~HALF_MASK;
  out[threadIdx.x] = halfWarpSum<16>(mask, in[threadIdx.x]);
}

__global__ void lowHalfSumOffByOne(const int *in, int *out) {
  const unsigned int lane = threadIdx.x % 32;
  if (lane <= 16) out[threadIdx.x] = halfWarpSum<16>(HALF_MASK, in[threadIdx.x]);
}
