//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
//barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow

// Thread 0 returns early; threads 1-3 reach __syncthreads: barrier divergence.
__global__ void early(int *A) {
  int i = threadIdx.x;
  if (i == 0) return;
  __syncthreads();
  A[i] = i;
}
