//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1
//barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow

// The loop runs threadIdx.x + 1 times with a __syncthreads() inside: thread 0 leaves after
// one iteration while thread 1 goes round again and reaches the barrier alone: barrier
// divergence.
__global__ void triangle(int *out) {
  __shared__ int s[8];
  for (int k = 0; k <= (int)threadIdx.x; ++k) {
    s[threadIdx.x] = k;
    __syncthreads();
  }
  out[threadIdx.x] = s[threadIdx.x];
}
