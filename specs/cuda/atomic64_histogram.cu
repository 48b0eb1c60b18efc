// spec: CUDA 64-bit histogram and counter across two blocks: atomicAdd on unsigned long long carries into the high word; 64-bit atomics never race each other
// run: run --block-dim 4 --grid-dim 2 --buffer H=2 --buffer total=1
// exit: 0
// expect: verdict=ok final.H=[-4,3,-4,3] final.total=[8,0]
// run: run --block-dim 4 --grid-dim 2 --buffer H=2 --buffer total=1 --init H=1,0,0,0
// exit: 0
// expect: verdict=ok final.H=[-3,3,-4,3] final.total=[8,0]
// run: check --block-dim 2 --buffer H=2 --buffer total=1
// exit: 0
// expect: verdict=ok
// why: 8 threads (2 blocks of 4); bin threadIdx.x % 2 gets the threads 0, 2 of each block: 4
//   additions of 0xFFFFFFFF each = 0x3_FFFFFFFC, low word 0xFFFFFFFC = -4, high word 3 (every
//   addition after the first carries). total counts 8. Each element is two words, low first.
//   With H[0] starting at 1 (words 1, 0): 0x3_FFFFFFFD, words (-3, 3). Atomics on the same
//   cells by threads of one block or of both blocks are not races; no plain access touches H.
__global__ void hist(unsigned long long *H, unsigned long long *total) {
  atomicAdd(&H[threadIdx.x % 2], 0xFFFFFFFFull);
  atomicAdd(total, 1ull);
}
