// spec: DECLARE_UF_TERNARY in OpenCL: an abstract mixing function of (group, id, round); sdvmc encodes the three arguments injectively in one index (10 bits each), so an argument of 1024 or more is an assertion failure at the call rather than a silent collision
// run: run --local-size 4 --buffer out=4 --param round=3
// exit: 0
// expect: verdict=ok final.out=[0,0,0,0]
// run: run --local-size 4 --buffer out=4 --param round=1024
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=22
// stderr: note: 'MIX' is uninterpreted
// run: check --local-size 2 --buffer out=2 --param round=3 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: MIX(g, i, round) reads the hidden array __uf_MIX at g | i << 10 | round << 20; run takes every cell
//   as 0, so out = 0, 0, 0, 0, and the same arguments give the same value: the assertion that two equal
//   calls agree holds. check gives each cell read every value of 0..1: the two calls of one thread read
//   the same cell, so they agree in every case (threads 0 and 1 read different cells, 0 and 1 << 10). With round = 1024 the argument is not below 2^10: the range assertion emitted at
//   the call (line 22) fails for every thread; thread 0 is reported.
#include "gpuverify.h"

DECLARE_UF_TERNARY(MIX, int, int, int, int)

__kernel void mix(__global int *out, int round) {
  int v = MIX((int)get_group_id(0), (int)get_local_id(0), round);
  __assert(v == MIX((int)get_group_id(0), (int)get_local_id(0), round));
  out[get_local_id(0)] = v;
}
