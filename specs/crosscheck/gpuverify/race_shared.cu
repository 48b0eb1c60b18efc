//xfail:NOT_ALL_VERIFIED
//--blockDim=4 --gridDim=1
//possible\s*write-read\s*race\s*on\s*s

// Thread i writes s[i] and thread (i+3)%4 reads it with no __syncthreads in between.
__global__ void rotate(int *A) {
  __shared__ int s[4];
  int i = threadIdx.x;
  s[i] = A[i];
  A[i] = s[(i + 1) % 4];
}
