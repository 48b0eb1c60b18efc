// spec: a __write_implies whose condition reads another array at the logged offset stays refused, located at the predicate, exit 2: only the logged array's own cell at the offset follows each offset (a read elsewhere would be a statement evaluated once before the log is walked)
// run: run --local-size 2 --buffer out=2 --buffer ref=2
// exit: 2
// stderr: annot_reads_at_log_offset_unsupported.cl:13:12: error: unsupported: '__write_implies' whose condition reads memory at an expression of the logged offset
// why: line 13: `  __assert(` is 11 characters, so __write_implies starts at column 12; its condition reads
//   ref[__write_offset(out)], a read of ref (not the logged array out) whose cell is the logged offset of
//   out: it is not one of the logged array's cells chosen by the offset, so it is refused rather than
//   evaluated once for no particular offset.
#include "gpuverify.h"

__kernel void k(__global int *out, __global const int *ref) {
  out[get_local_id(0)] = 1;
  __assert(__write_implies(out, ref[__write_offset(out)] == 1));
}
