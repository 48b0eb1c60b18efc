// spec: __write_implies whose condition reads memory at a cell that does not depend on the logged offset (a limit staged in local memory): the read is evaluated once before the log is walked, which is exact, and every offset written is below the limit
// run: run --local-size 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[0,1,4,9]
// why: work-item 0 stores limit[0] = 4 (line 17), merged by the barrier, so every view has limit[0] = 4.
//   square() writes out[i] = i*i: out = {0, 1, 4, 9}, and each work-item's write log of out holds the one
//   offset i. __write_implies(out, __write_offset(out) < limit[0]) reads limit[0] (4) once, then checks
//   i < 4 for the one logged offset: 0, 1, 2, 3 < 4, it holds for every work-item.
#include "gpuverify.h"

static void square(__global int *out, int i) { out[i] = i * i; }

__kernel void squares(__global int *out) {
  __local int limit[1];
  int i = get_local_id(0);
  if (i == 0)
    limit[0] = get_local_size(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  square(out, i);
  __assert(__write_implies(out, __write_offset(out) < limit[0]));
}
