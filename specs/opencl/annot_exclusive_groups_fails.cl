// spec: __exclusive(get_local_id(0) == 0) with two work-groups and no __same_group() guard: work-item 0 of each group satisfies it, so across the launch two work-items both do (GPUVerify's pairs span groups) and it fails; within one group it holds
// run: run --local-size 4 --num-groups 2 --buffer out=8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=18
// run: run --local-size 4 --num-groups 1 --buffer out=8
// exit: 0
// expect: verdict=ok
// why: p = (get_local_id(0) == 0) depends only on the local id: group-independent, so with two groups
//   __exclusive(p) is lowered as pairs(!(p && other(p))) && !(p && p). Within a group only work-item 0
//   has p: every pair holds. The twin part !(p && p) = !p is false for work-item 0: its twin in the other
//   group (local id 0 too) also has p. Group 0 runs first; work-item 0 is its only failing one: line 18.
//   With one group there is no twin: ok.
#include "gpuverify.h"

static bool isLeader(void) { return get_local_id(0) == 0; }

__kernel void elect(__global int *out) {
  __assert(__exclusive(get_local_id(0) == 0));
  out[get_global_id(0)] = isLeader();
}
