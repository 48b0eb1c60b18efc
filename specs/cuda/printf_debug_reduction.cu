// spec: a shared-memory tree reduction as SDK samples write it, with the debugging printf calls left in: printf changes no memory, its arguments are evaluated (reads of sdata are accesses like any other), and the kernel stays race-free
// run: run --block-dim 8 --buffer g_idata=8 --buffer g_odata=1
// exit: 0
// expect: verdict=ok final.g_odata=[28]
// why: under run the buffers start at 0, so g_idata[i] = 0 and sdata[tid] = 0 + tid (the kernel adds
//   tid to make the sum visible): 0 + 1 + … + 7 = 28. Every printf argument (tid, s,
//   sdata[tid], the sum) is read by its own thread after the barrier that ordered its write,
//   and the step reads sdata[tid + s] after the barrier that ended the previous step: the
//   accesses are those of the reduction without printf, race-free. g_odata[0] is written by
//   thread 0 alone.
#define BLOCK 8

template <typename T>
__device__ T plus(T a, T b) { return a + b; }

__global__ void reduce0(const int *g_idata, int *g_odata) {
  __shared__ int sdata[BLOCK];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid] + tid;
  __syncthreads();
  printf("block %d thread %u loaded %d\n", blockIdx.x, tid, sdata[tid]);
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = plus(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid == 0) {
    printf("sum of block %d: %d (%5.1f%% of %d)\n", blockIdx.x, sdata[0], 100.0f, sdata[0]);
    g_odata[blockIdx.x] = sdata[0];
  }
}
