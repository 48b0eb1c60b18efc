// spec: a __write_implies whose condition reads memory at the logged offset stays refused, located at the predicate, exit 2: the condition is evaluated once per logged offset, while an annotation's reads are statements evaluated once before it (a read at a fixed cell is accepted: annot_write_implies_reads_limit.cl)
// run: run --local-size 2 --buffer out=2
// exit: 2
// stderr: annot_reads_at_log_offset_unsupported.cl:15:12: error: unsupported: '__write_implies' whose condition reads memory at, or keeps a temporary of, an expression of the logged offset
// why: line 15: `  __assert(` is 11 characters, so __write_implies starts at column 12; its condition reads
//   out[__write_offset(out)], a read whose cell is the logged offset: it would have to follow each offset
//   of the log, which a statement evaluated once before the rd_all/wr_all cannot.
#include "gpuverify.h"

__kernel void k(__global int *out) {
  int i = get_local_id(0);
  out[i] = i;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = i + 1;
  __assert(__write_implies(out, out[__write_offset(out)] == i + 1));
}
