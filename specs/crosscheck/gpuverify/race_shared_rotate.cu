//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//possible\s*read-write\s*race

// Each thread stores its value in shared memory and reads its neighbour's without a
// __syncthreads() between: thread t + 1's write of s[t + 1] and thread t's read of it race
// (thread 31 reads s[0]).
__global__ void rotate(const int *in, int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 32 + t];
  out[blockIdx.x * 32 + t] = s[(t + 1) % 32];
}
