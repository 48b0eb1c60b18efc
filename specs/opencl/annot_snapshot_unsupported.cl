// spec: GPUVerify's __array_snapshot into a global buffer that the kernel's code also writes is refused, located at that use, exit 2: a global destination is a ghost copy per work-item, which only annotations may read (a write by the code would be a real access of a ghost)
// run: run --local-size 2 --buffer a=2 --buffer snap=2
// exit: 2
// stderr: annot_snapshot_unsupported.cl:14:3: error: unsupported: 'snap' is the destination of '__array_snapshot' (line 12), a ghost copy that only annotations after it may use
// why: snap is a __global buffer named by __array_snapshot at line 12; line 14 (column 3, the start of
//   `snap[...]`) writes it in the kernel's code. A ghost copy that the code also writes has no exact
//   meaning (GPUVerify's ghost is not memory the kernel accesses), so the use is refused where it stands.
//   Used by annotations only, the same buffer is accepted (annot_snapshot_global_ghost.cl).
#include "gpuverify.h"

__kernel void k(__global int *a, __global int *snap) {
  __array_snapshot(snap, a);
  a[get_local_id(0)] = 1;
  snap[get_local_id(0)] = 2;
  __assert(snap[get_local_id(0)] == 0);
}
