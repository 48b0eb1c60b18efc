// spec: __uniform_int of a local-memory cell after a barrier: the other work-item of each pair reads the cell in its own view too (KPL's every block of ghost reads), and every view holds the merged value
// run: run --local-size 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[7,7,7,7]
// run: check --local-size 4 --buffer out=4
// exit: 0
// expect: verdict=ok
// why: work-item 0 stores config[0] = 7 (line 19), the barrier merges it, so after it every work-item's
//   view of config[0] is 7. __uniform_int(config[0]) is pairs(x == other(x)) with x read by every
//   work-item in its own view: 7 == 7 for every pair, it holds. The ghost reads log nothing, so the read
//   of config[0] by the other work-items is no race with work-item 0's write (they are also ordered by the
//   barrier). out[i] = config[0] = 7 for each i.
#include "gpuverify.h"

static int leader(void) { return get_local_id(0) == 0; }

__kernel void broadcast(__global int *out) {
  __local int config[1];
  if (leader()) config[0] = 7;
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__uniform_int(config[0]));
  out[get_local_id(0)] = config[0];
}
