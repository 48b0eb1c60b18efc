//pass
//--blockDim=4 --gridDim=2

// Each block reverses its own four cells through shared memory: thread i reads and later
// writes A[base + i] only (its own cell), reads s[3 - i] after the barrier; the blocks'
// cells are disjoint.
__global__ void reverse(int *A) {
  __shared__ int s[4];
  int i = threadIdx.x;
  int base = blockIdx.x * 4;
  s[i] = A[base + i];
  __syncthreads();
  A[base + i] = s[3 - i];
}
