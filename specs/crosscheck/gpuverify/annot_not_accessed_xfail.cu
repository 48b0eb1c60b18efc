//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
//assert

// The staging assertion stands before the barrier: thread t has just written stage[t], so
// __not_accessed(stage, t) is false for every thread (it holds only after __syncthreads, which
// empties the access logs).
__global__ void staged(const int *in, int *out) {
  __shared__ int stage[4];
  int t = threadIdx.x;
  stage[t] = in[t];
  __assert(__not_accessed(stage, t));
  __syncthreads();
  out[t] = stage[3 - t];
}
