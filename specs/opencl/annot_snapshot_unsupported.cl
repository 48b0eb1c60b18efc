// spec: GPUVerify's __array_snapshot into a global buffer is refused, located at the destination argument, exit 2: sdvmc's snapshot is a per-thread copy into a private array, and a copy into global memory would be a write by every thread
// run: run --local-size 2 --buffer a=2 --buffer snap=2
// exit: 2
// stderr: annot_snapshot_unsupported.cl:11:20: error: unsupported: '__array_snapshot' into anything but a private array of scalars
// why: snap is a __global buffer, not a private array: the call is refused at its first argument (line 11,
//   column 20) rather than given a meaning GPUVerify's ghost copy does not have (every thread writing the
//   whole buffer). A private `int snap[2]` is the supported form (annot_array_snapshot.cl).
#include "gpuverify.h"

__kernel void k(__global int *a, __global int *snap) {
  __array_snapshot(snap, a);
  a[get_local_id(0)] = 1;
  __assert(snap[get_local_id(0)] == 0);
}
