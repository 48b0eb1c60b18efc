// spec: two annotations whose condition reads memory stay refused, each located, exit 2: a __write_implies whose condition reads the written cell (it would be evaluated for each logged offset, while an annotation's reads are statements evaluated once before it), and a __global_assert that reads memory (disabled work-items do not evaluate the read)
// run: run --local-size 2 --buffer out=2
// exit: 2
// stderr: annot_reads_in_log_and_global_unsupported.cl:15:12: error: unsupported: '__write_implies' whose condition reads memory
// stderr: annot_reads_in_log_and_global_unsupported.cl:17:5: error: unsupported: '__global_assert' of a condition that reads memory
// why: line 15: `  __assert(` is 11 characters, so __write_implies starts at column 12; its condition reads
//   out[__write_offset(out)], a read that would have to follow each offset of the log. Line 17: the
//   __global_assert under the branch (column 5) reads out[0]; the disabled work-item 1 would have to read it
//   too. Every diagnostic is reported (the frontend goes on after the first).
#include "gpuverify.h"

__kernel void k(__global int *out) {
  int i = get_local_id(0);
  out[i] = i;
  __assert(__write_implies(out, out[__write_offset(out)] == i));
  if (i == 0)
    __global_assert(out[0] == 0);
}
