// spec: CUDA early return from the kernel: the returned threads write nothing more (kernel stop); before a __syncthreads it is barrier divergence (kernel stopsync)
// run: run --block-dim 4 --kernel stop
// exit: 0
// expect: verdict=ok final.out=[1,2]
// run: run --block-dim 4 --kernel stopsync
// exit: 1
// expect: verdict=divergence rule=G-DIVERGENCE threads=[0,3] enabled=[0,1,2] disabled=[3] location.line=23 location.col=3
// why: stop: threads 2, 3 return; 0, 1 write out[t] = t + 1 → [1, 2] (cells 0..1 written). The
//   kernel's final barrier is reached by all (the return only ends their body). stopsync:
//   thread 3 returns, so at the __syncthreads (line 23, col 3) threads 0..2 are enabled and 3
//   is disabled.
__global__ void stop(int *out) {
  int t = threadIdx.x;
  if (t >= 2) return;
  out[t] = t + 1;
}
__global__ void stopsync(int *out) {
  __shared__ int S[4];
  int t = threadIdx.x;
  if (t == 3)
    return;
  S[t] = t;
  __syncthreads();
  out[t] = S[(t + 1) % 3];
}
