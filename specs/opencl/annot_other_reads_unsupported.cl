// spec: __other_int of a helper whose body loops over memory is refused, located at the condition, exit 2: every work-item, enabled or not, would have to run the helper's loop inside the annotation (KPL's every block holds only reads, assignments, if and assert)
// run: run --local-size 2 --buffer a=4
// exit: 2
// stderr: annot_other_reads_unsupported.cl:20:12: error: unsupported: an annotation whose __other_X reads memory: evaluating it needs a loop
// why: sum() is inlined into the condition of line 20 (`  __assert(` is 11 characters: the condition
//   starts at column 12); its for loop cannot stand in the every block that makes every work-item read
//   for the other work-item of a pair, so the whole condition is refused there.
#include "gpuverify.h"

static int sum(__global const int *a, int n) {
  int s = 0;
  for (int k = 0; k < n; ++k)
    s += a[k];
  return s;
}

__kernel void k(__global int *a) {
  int i = get_local_id(0);
  a[i] = i;
  __assert(__uniform_int(sum(a, 2)));
}
