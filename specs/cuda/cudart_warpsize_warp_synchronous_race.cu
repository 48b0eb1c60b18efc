// spec: CUDA warp-synchronous reduction (the pre-Volta idiom: the last warp reduces shared memory without barriers) races under SDV
// run: run --block-dim 32 --buffer in=32 --buffer out=1
// exit: 1
// expect: verdict=race
// run: check --block-dim 32 --buffer in=32 --buffer out=1 --domain 0..0
// exit: 1
// expect: verdict=race
// run: run --block-dim 32 --buffer in=32 --buffer out=1 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[0]
// why: the 32 threads copy in[] to s[] and meet at __syncthreads (no conflict: each writes
//   its own cell). Then the threads with tid < warpSize / 2 = 16 (all of 0..15) run
//   s[tid] += s[tid + 16] (thread t reads s[t], s[t+16], writes s[t]) and then
//   s[tid] += s[tid + 8]: thread 0 reads s[8], which thread 8 wrote in the first step, with no
//   barrier between them: a read-write race (threads 0 and 8, among others). SDV has no
//   warps: lock step inside a warp is not a synchronisation, as on Volta and later GPUs,
//   where __syncwarp() is required between the steps. The race does not depend on values.
//   Under --model simt:32 (pre-Volta lock step) the 32 threads are one warp: accesses of
//   different statements of one warp never race, so the same kernel is ok there (in[] is 0
//   in run: out[0] = 0) — the bug SDV reports is invisible to a lock-step model.
__device__ void warpStep(int *s, unsigned int tid, unsigned int offset) {
  s[tid] += s[tid + offset];
}

__global__ void warpReduce(const int *in, int *out) {
  __shared__ int s[32];
  unsigned int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < warpSize / 2) {
    warpStep(s, tid, 16);
    warpStep(s, tid, 8);
  }
  if (tid == 0) out[0] = s[0];
}
