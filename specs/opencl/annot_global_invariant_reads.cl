// spec: a __global_invariant of a loop that reads local memory: the loop runs a different number of times per work-item, and at each evaluation every work-item (those that have left the loop included) reads its own cell in its own view; the cells stay even, so it holds
// run: run --local-size 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[0,2,8,18]
// run: check --local-size 4 --buffer out=4
// exit: 0
// expect: verdict=ok
// why: acc[i] = 0 for every work-item (line 19). Work-item i runs the loop i times, adding 2i each time:
//   acc[i] = 2i * i = 0, 2, 8, 18, even at every step (each addition is even). The invariant (line 20)
//   is evaluated at each guard evaluation by the work-items still in the loop, and speaks of all four:
//   each reads acc[its id] in its own view, its own latest write (its writes are its own: no barrier
//   needed), always even: it holds. After the loop the barrier merges, out[i] = acc[i]. No race: each
//   work-item touches only its own cell. check: no input is read (acc is written first): ok.
#include "gpuverify.h"

__kernel void steps(__global int *out) {
  __local int acc[4];
  int i = get_local_id(0);
  acc[i] = 0;
  for (int k = 0; __global_invariant(acc[get_local_id(0)] % 2 == 0), k < i; ++k)
    acc[i] += 2 * i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = acc[i];
}
