// spec: __write_implies whose condition reads the written array at the logged offset: the condition follows each offset of the log, reading the work-item's own view of that cell (a choice, by the offset, among ghost reads of every cell taken at the annotation), so it sees the work-item's own last write; a wrong expectation fails for the work-item whose cell differs
// run: run --local-size 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[1,2]
// run: run --local-size 2 --buffer out=2 -D WRONG
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[1] location.line=27
// why: each work-item writes out[i] = i, then after the barrier out[i] = i + 1: its write log since the
//   barrier holds the one offset i, and its view of out[i] is its own write, i + 1. The condition
//   out[__write_offset(out)] == expected(i) is evaluated for that offset: with expected(i) = i + 1 it is
//   (i + 1) == (i + 1), true for both work-items (ok; out = {1, 2}). With WRONG, expected(i) = 1: work-item
//   0 reads 1 == 1 (holds), work-item 1 reads 2 == 1 (fails): the only failing work-item, 1, at line 27.
//   The annotation's reads are ghost reads: no race.
#include "gpuverify.h"

#ifdef WRONG
static int expected(int i) { return 1; }
#else
static int expected(int i) { return i + 1; }
#endif

__kernel void k(__global int *out) {
  int i = get_local_id(0);
  out[i] = i;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = i + 1;
  __assert(__write_implies(out, out[__write_offset(out)] == expected(i)));
}
