// spec: CUDA atomicAdd counters across two blocks: atomics never race each other, within or between blocks; final counter values
// run: run --block-dim 4 --grid-dim 2
// exit: 0
// expect: verdict=ok final.count=[8,12]
// run: run --block-dim 4 --grid-dim 2 --init count=5,1
// exit: 0
// expect: verdict=ok final.count=[13,13]
// why: each of the 8 threads adds 1 to count[0] and its threadIdx.x to count[1]: count[0] = 8,
//   count[1] = 2·(0+1+2+3) = 12. Atomic against atomic is never a race (intra- or
//   inter-group). From count = [5, 1]: [5+8, 1+12] = [13, 13].
__global__ void counter(int *count) {
  atomicAdd(&count[0], 1);
  atomicAdd(&count[1], (int)threadIdx.x);
}
