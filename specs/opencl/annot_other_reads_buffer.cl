// spec: __other_int of a global-memory read: the other work-item of each pair reads its own cell in its own view, so the predicate that the two work-items' cells differ holds for distinct inputs and fails for equal ones
// run: run --local-size 2 --buffer a=2 --init a=1,2
// exit: 0
// expect: verdict=ok
// run: run --local-size 2 --buffer a=2 --init a=3,3
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=16
// why: work-item i reads a[i] (its view: the initial buffer, nothing written), and in the pair (i, j) the
//   other value is a[j] as work-item j reads it. With a = {1, 2}: 1 != 2 and 2 != 1, it holds for both
//   work-items. With a = {3, 3}: 3 != 3 is false for both; the lowest enabled work-item, 0, is reported
//   at line 16. The reads are ghost reads: nothing is logged, no race.
#include "gpuverify.h"

__kernel void k(__global int *a) {
  int i = get_local_id(0);
  __assert(__other_int(a[i]) != a[i]);
}
