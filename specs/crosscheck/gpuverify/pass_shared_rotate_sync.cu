//pass
//--blockDim=32 --gridDim=2

// race_shared_rotate.cu with the __syncthreads() it needs: every write of s precedes the
// barrier and every read follows it. Blocks use their own cells of in and out (blockIdx.x
// * 32 + t, distinct over the grid): pass.
__global__ void rotate(const int *in, int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 32 + t];
  __syncthreads();
  out[blockIdx.x * 32 + t] = s[(t + 1) % 32];
}
