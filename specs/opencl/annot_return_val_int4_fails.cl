// spec: a postcondition on __return_val_int4() that does not hold: the helper claims its .y component is the base (it is base + 1); it fails at the __ensures for thread 0
// run: run --local-size 2 --buffer out=2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=10
// why: lanes(4t) returns (4t, 4t + 1, 4t + 2, 4t + 3); .y == base is 4t + 1 == 4t, false for every thread;
//   the lowest is thread 0, at the __ensures (line 10), checked where lanes' body ends.
#include "gpuverify.h"

int4 lanes(int base) {
  __ensures(__return_val_int4().y == base);
  return (int4)(base, base + 1, base + 2, base + 3);
}

__kernel void sum_lanes(__global int *out) {
  int t = get_local_id(0);
  int4 v = lanes(t * 4);
  out[t] = v.x + v.y + v.z + v.w;
}
