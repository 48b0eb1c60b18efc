// spec: GPUVerify's __return_val_int4() in the postcondition of a helper returning an int4: a lane-index helper ensures its vector's first and last components; the kernel sums the components
// run: run --local-size 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[6,22]
// why: lanes(4t) returns (4t, 4t + 1, 4t + 2, 4t + 3): __return_val_int4().x == base and .w == base + 3
//   hold. out[t] = 4t + 4t + 1 + 4t + 2 + 4t + 3 = 16t + 6: 6 and 22.
#include "gpuverify.h"

int4 lanes(int base) {
  __ensures(__return_val_int4().x == base && __return_val_int4().w == base + 3);
  return (int4)(base, base + 1, base + 2, base + 3);
}

__kernel void sum_lanes(__global int *out) {
  int t = get_local_id(0);
  int4 v = lanes(t * 4);
  out[t] = v.x + v.y + v.z + v.w;
}
