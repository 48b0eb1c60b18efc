// spec: CUDA atomicAdd on a double: IEEE double additions in ascending thread order, each thread gets the sum before its own addition
// run: run --block-dim 4 --buffer s=1 --buffer old=4
// exit: 0
// expect: verdict=ok final.s=[0,1075838976] final.old=[0,0,0,1071644672,0,1073741824,0,1074921472]
// why: thread t adds t + 0.5 (a double); run and check apply the atomics in ascending thread
//   order: 0 + 0.5 = 0.5, + 1.5 = 2.0, + 2.5 = 4.5, + 3.5 = 8.0, every sum exact. 8.0 =
//   0x40200000_00000000: words (0, 1075838976). The old values are 0.0 (0, 0), 0.5 =
//   0x3FE00000_00000000 (0, 1071644672), 2.0 = 0x40000000_00000000 (0, 1073741824), 4.5 =
//   0x40120000_00000000 (0, 1074921472); each double is two words, low first.
__global__ void sum(double *s, double *old) {
  old[threadIdx.x] = atomicAdd(s, threadIdx.x + 0.5);
}
