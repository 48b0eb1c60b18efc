// spec: a binary barrier invariant (GPUVerify's __barrier_invariant_binary_1 with __other_int), checked after the barrier over every pair of work-items: in a bitonic-style exchange each work-item's value is ordered against its partner's; a wrong ordering claim fails
// run: run --local-size 4 --buffer data=4 --init data=4,3,2,1
// exit: 0
// expect: verdict=ok final.data=[3,4,1,2]
// run: run --local-size 4 --buffer data=4 --init data=4,3,2,1 --param wrong=1
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=25
// why: partner p = i ^ 1. Each work-item reads its own and its partner's value and keeps the min (even i)
//   or the max (odd i): pairs (4, 3) -> 3, 4 and (2, 1) -> 1, 2: data = 3, 4, 1, 2. After the barrier the
//   invariant says: for every other work-item j, if j is i's partner then (i even) v_i <= v_j, (i odd)
//   v_i >= v_j (v_j through __other_int: work-item j's local): 3 <= 4, 4 >= 3, 1 <= 2, 2 >= 1. With wrong = 1 the claim
//   is reversed for even i: work-item 0 with partner 1: 3 >= 4 is false; 0 is the lowest.
//   The barrier fences global memory too: data[p] is read before it and data[i] written after it
//   (a local fence alone would keep those logs, and work-item 0's write would race work-item 1's read).
#include "gpuverify.h"

__kernel void exchange(__global int *data, int wrong) {
  __local int s[4];
  int i = get_local_id(0);
  int p = i ^ 1;
  int mine = data[i];
  int theirs = data[p];
  int v = (i % 2 == 0) == (mine < theirs) ? mine : theirs;
  s[i] = v;
  __barrier_invariant_binary_1(__implies(__other_int(i) == p,
                                         ((i % 2 == 0) != (wrong != 0)) ? v <= __other_int(v) : v >= __other_int(v)),
                               i, p);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  data[i] = s[i];
}
