// spec: an uninterpreted function (GPUVerify's DECLARE_UF_BINARY) used as an abstract hash: the same arguments give the same result in every thread, so two threads that hash the same key agree, whatever the function is (check explores its values)
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0]
// run: check --block-dim 4 --buffer out=4 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: key = t % 2: threads 0, 2 hash (0, 7) and threads 1, 3 hash (1, 7). The function is one hidden
//   array read at the encoding a | b << 16 (both arguments below 2^16): threads with the same key read the
//   same cell, so h == __other_int(h) whenever key == __other_int(key): the pairs (0,2), (2,0), (1,3), (3,1)
//   agree, and the other pairs are vacuous. run takes every cell as 0 (out = 0, 0, 0, 0); check tries each
//   value in 0..1 for the two cells read and the assertion holds in all four.
#include <gpuverify.h>

DECLARE_UF_BINARY(HASH, int, int, int)

__global__ void hashKeys(int *out) {
  int key = threadIdx.x % 2;
  int h = HASH(key, 7);
  __assert(__implies(key == __other_int(key), h == __other_int(h)));
  out[threadIdx.x] = h;
}
