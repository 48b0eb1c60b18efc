// spec: __other_int of an expression that reads memory has no exact meaning here (the other thread, possibly disabled, does not perform the read): refused by name at the call, exit 2
// run: run --local-size 2 --buffer a=2
// exit: 2
// stderr: unsupported: '__other_int' of an expression that reads memory or calls a function
// why: a[i] is read by this thread only; the pair's other value would need thread j's read, which the
//   lowering cannot evaluate for a thread that is not enabled, so the annotation is refused.
#include "gpuverify.h"

__kernel void k(__global int *a) {
  int i = get_local_id(0);
  __assert(__other_int(a[i]) != a[i]);
}
