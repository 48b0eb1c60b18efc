// spec: member masks: a warp reduction with the full mask inside a bounds check (lanes past n skip it but have not exited) is the verdict warp-mask; padding those lanes with 0 so the whole warp takes part is ok
// run: run --kernel sumInside --block-dim 32 --buffer in=32 --buffer out=1 --buffer len=1 --init len=20 --model simt:32
// exit: 1
// expect: verdict=warp-mask threads=[0,20] mask=4294967295 location.line=42
// run: check --kernel sumInside --block-dim 8 --buffer in=8 --buffer out=1 --buffer len=1 --domain 5..5 --model simt:8
// exit: 1
// expect: verdict=warp-mask threads=[0,5] mask=4294967295 location.line=42
// run: run --kernel sumInside --block-dim 8 --buffer in=8 --buffer out=1 --buffer len=1 --init len=8 --init in=1,2,3,4,5,6,7,8 --model simt:8
// exit: 0
// expect: verdict=ok final.out=[36]
// run: run --kernel sumInside --block-dim 8 --buffer in=8 --buffer out=8 --buffer len=1 --init len=5 --init in=1,2,3,4,5,6,7,8 --model mimd
// exit: 0
// expect: verdict=ok final.out=[1,2,3,4,5,0,0,0]
// run: run --kernel sumPadded --block-dim 8 --buffer in=8 --buffer out=1 --buffer len=1 --init len=5 --init in=1,2,3,4,5,6,7,8 --model simt:8
// exit: 0
// expect: verdict=ok final.out=[15]
// run: check --kernel sumPadded --block-dim 8 --buffer in=8 --buffer out=1 --buffer len=1 --domain 4..5 --model simt:8
// exit: 0
// expect: verdict=ok
// why: CUDA: each lane executing a _sync primitive must be named in its mask, and every
//   non-exited lane the mask names must execute the same call with the same mask. n is
//   len[0], the size a host passes in device memory. sumInside, 32 threads, n = 20, simt:32:
//   lanes 0..19 enter the branch and reach the first __shfl_down_sync (offset 16) together;
//   lanes 20..31 are in the (empty) other side of the if, not exited. The lowest lane, 0,
//   names lane 20 (0xffffffff), which neither executes the call nor has exited: warp-mask,
//   threads [0, 20], at the shuffle. 8 threads, n = 5, simt:8: lanes 5..7 skip it: [0, 5]
//   (check with every arbitrary cell 5: len = 5). n = 8: all 8 lanes execute it; bits 8..31
//   name no lane of a warp of 8: ok. warpSize = 8: offsets 4, 2, 1; lane 0 ends with the sum
//   of in[0..7] = 36 (a source lane past lane 7 gives the own value, which only lanes that
//   lane 0 never reads see). mimd: warps of one thread, warpSize = 1: the loop starts at
//   offset 1 / 2 = 0 and never runs, so no shuffle (and no mask) is executed: ok; threads
//   0..4 write their own in[i] to out[i / 1] = out[i]: [1, 2, 3, 4, 5, 0, 0, 0]. sumPadded:
//   every lane takes part (val = 0 past n): ok, and check finds no violation for len and in
//   over 4..5. Lane values 1, 2, 3, 4, 5, 0, 0, 0; offset 4: lanes 0..3 get 1 + 5, 2, 3, 4;
//   offset 2: lane 0 = 6 + 3 = 9, lane 1 = 2 + 4 = 6; offset 1: lane 0 = 9 + 6 = 15.
#define FULL_MASK 0xffffffffu

namespace reduce {
template <typename T>
__device__ T warpSum(unsigned int mask, T val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(mask, val, offset);
  return val;
}
}  // namespace reduce

// Wrong: the reduction runs inside the bounds check, yet its mask names the whole warp.
__global__ void sumInside(const int *in, int *out, const int *len) {
  const int n = len[0];
  if (threadIdx.x < n) {
    int val = reduce::warpSum(FULL_MASK, in[threadIdx.x]);
    if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = val;
  }
}

// Right: every lane takes part, those past n with 0.
__global__ void sumPadded(const int *in, int *out, const int *len) {
  const int n = len[0];
  int val = threadIdx.x < n ? in[threadIdx.x] : 0;
  val = reduce::warpSum(FULL_MASK, val);
  if (threadIdx.x % warpSize == 0) out[threadIdx.x / warpSize] = val;
}
