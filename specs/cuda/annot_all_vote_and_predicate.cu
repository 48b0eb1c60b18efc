// spec: __all in both of its readings: CUDA's legacy warp vote in code (all lanes of the warp) and GPUVerify's thread predicate inside __assert (every thread of the group)
// run: run --kernel markFullWarps --block-dim 8 --buffer in=8 --buffer flags=8 --init in=1,2,3,4,5,0,7,8 --model simt:4
// exit: 0
// expect: verdict=ok final.flags=[1,1,1,1,0,0,0,0]
// run: run --kernel markFullWarps --block-dim 8 --buffer in=8 --buffer flags=8 --init in=1,2,3,4,5,0,7,8
// exit: 3
// expect: verdict=warp-primitive
// run: run --kernel checkFlags --block-dim 8 --buffer flags=8 --init flags=1,1,1,1,0,0,0,0
// exit: 0
// expect: verdict=ok
// run: run --kernel checkFlags --block-dim 8 --buffer flags=8 --init flags=1,1,1,1,0,2,0,0
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=33
// why: markFullWarps under simt:4: the 8 threads are two warps of 4 lanes. The vote
//   __all(in[t] != 0) is, in every lane of a warp, 1 iff all 4 of its lanes have a non-zero
//   input: warp 0 (in = 1, 2, 3, 4) votes 1, warp 1 (in = 5, 0, 7, 8) votes 0, so flags =
//   1, 1, 1, 1, 0, 0, 0, 0. Under SDV (the default model) the vote is a warp primitive SDV
//   cannot run: verdict warp-primitive (exit 3). checkFlags: inside __assert, __all(p) is the
//   annotation predicate p && other(p) over every ordered pair of threads (i, j), so it fails
//   for thread i when p fails for i or for any other thread j. With flags 1,1,1,1,0,0,0,0 every
//   f is 0 or 1: ok. With flags[5] = 2, p is false for thread 5, so the pair (0, 5) fails for
//   thread 0, the lowest failing thread, at the __assert (line 33).
__device__ int warpAllNonZero(const int *in) {
  return __all(in[threadIdx.x] != 0);
}

__global__ void markFullWarps(const int *in, int *flags) {
  flags[threadIdx.x] = warpAllNonZero(in);
}

__global__ void checkFlags(const int *flags) {
  int f = flags[threadIdx.x];
  __assert(__all(f == 0 || f == 1));
}
