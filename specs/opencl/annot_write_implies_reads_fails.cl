// spec: __write_implies reading a bound from local memory fails for the work-item whose logged write offset is past the bound; the failing work-item and the assertion's line are reported
// run: run --local-size 4 --buffer out=5
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=20
// why: limit[0] = 4 after the barrier in every view. shift() writes out[i + 1], so the write logs hold
//   offsets 1, 2, 3, 4 for work-items 0..3 (out has 5 cells: no out-of-bounds). At line 20,
//   __write_implies(out, __write_offset(out) < limit[0]) reads limit[0] = 4 and checks each work-item's
//   offset: 1, 2, 3 < 4 hold, 4 < 4 fails for work-item 3, the only (so the lowest) failing enabled
//   work-item, at line 20.
#include "gpuverify.h"

static void shift(__global int *out, int i) { out[i + 1] = i; }

__kernel void shifted(__global int *out) {
  __local int limit[1];
  int i = get_local_id(0);
  if (i == 0) limit[0] = get_local_size(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  shift(out, i);
  __assert(__write_implies(out, __write_offset(out) < limit[0]));
}
