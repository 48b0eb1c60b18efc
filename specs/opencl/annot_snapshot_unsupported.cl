// spec: GPUVerify's __array_snapshot (a ghost copy of an array for later assertions) has no lowering in sdvmc yet: it is refused by name at the call, exit 2, never ignored
// run: run --local-size 2 --buffer a=2 --buffer snap=2
// exit: 2
// stderr: unsupported: GPUVerify's '__array_snapshot'
// why: the snapshot would need a copy of the whole array taken at this point; sdvmc refuses it rather than
//   give the later assertions on snap a different meaning.
#include "gpuverify.h"

__kernel void k(__global int *a, __global int *snap) {
  __array_snapshot(snap, a);
  a[get_local_id(0)] = 1;
  __assert(snap[get_local_id(0)] == 0);
}
