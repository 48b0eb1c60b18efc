// spec: crosscheck corpus (project format): every thread stores 1 in one shared cell, a race under SDV and none with --benign-writes
// run: check --block-dim 4
// exit: 1
// expect: verdict=race rule=G-RACE
// run: check --block-dim 4 --benign-writes
// exit: 0
// expect: verdict=ok
// why: the four threads write s[0] before the barrier: a write-write G-RACE under SDV. The
//   values are all 1, so --benign-writes tolerates them; the reads follow the barrier.
__global__ void flag(int *out) {
  __shared__ int s[1];
  s[0] = 1;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
