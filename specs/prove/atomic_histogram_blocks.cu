// spec: prove (CUDA, two blocks): a block histogram in __shared__ h with atomicAdd, then added into the global bins with atomicAdd: race-free for every block size, between blocks too
// run: prove --block-dim 8 --grid-dim 2
// exit: 0
// expect: verdict=ok
// run: check --block-dim 8 --grid-dim 2
// exit: 0
// expect: verdict=ok
// run: run --block-dim 8 --grid-dim 2 --init in=0,1,2,3,5,6,7,9,4,4,4,4,4,4,4,4
// exit: 0
// expect: verdict=ok final.bins=[9,3,2,2] final.h=[8,0,0,0]
// why: h is each block's own: threads 0..3 clear their own h[t]; after the barrier every
//   thread reads in[] (reads only) and adds 1 to h[in & 3] atomically (atomics never race);
//   after the second barrier threads 0..3 read their own h[t] plainly and add it to bins[t]
//   atomically; bins gets only atomics, from both blocks, which never race within or
//   between groups. in & 3 is in 0..3. run: block 0: in & 3 = 0,1,2,3,1,2,3,1, h = [1,3,2,2];
//   block 1: all 4 & 3 = 0, h = [8,0,0,0] (the last group's h is the one shown); bins =
//   [1 + 8, 3, 2, 2] = [9, 3, 2, 2].
__global__ void histo(const int *in, int *bins) {
  __shared__ int h[4];
  if (threadIdx.x < 4) h[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&h[in[blockIdx.x * blockDim.x + threadIdx.x] & 3], 1);
  __syncthreads();
  if (threadIdx.x < 4) atomicAdd(&bins[threadIdx.x], h[threadIdx.x]);
}
