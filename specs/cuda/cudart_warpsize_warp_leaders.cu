// spec: CUDA warpSize: lane and warp ids computed from warpSize in helpers; each warp's leader writes its warp's slot
// run: run --block-dim 64 --buffer warpOut=2
// exit: 0
// expect: verdict=ok final.warpOut=[32,33]
// stderr: note: warpSize is the model's warp width
// run: check --block-dim 64 --buffer warpOut=2
// exit: 0
// expect: verdict=ok
// run: run --block-dim 64 --buffer warpOut=2 --model simt:32
// exit: 0
// expect: verdict=ok final.warpOut=[32,33]
// run: run --block-dim 64 --buffer warpOut=2 --model simt:4
// exit: 1
// expect: verdict=out-of-bounds
// why: warpSize is the model's warp width: 32 under SDV (CUDA's) and simt:32. With 64 threads
//   lane = tid % 32 and warp = tid / 32: threads 0 and 32 are the lane-0 threads of warps 0 and
//   1 and write warpOut[warp] = warpSize + warp, so warpOut = [32 + 0, 32 + 1] = [32, 33]. Each
//   cell is written by one thread and nothing is read: no race, for every initial memory.
//   Under simt:4 warpSize is 4: 16 warps, and the leader of warp 2 (thread 8) writes
//   warpOut[2], outside the buffer of 2 sized for warps of 32: out-of-bounds.
__device__ int laneId() { return threadIdx.x % warpSize; }
__device__ int warpId() { return threadIdx.x / warpSize; }

__global__ void warpLeaders(int *warpOut) {
  if (laneId() == 0) warpOut[warpId()] = warpSize + warpId();
}
