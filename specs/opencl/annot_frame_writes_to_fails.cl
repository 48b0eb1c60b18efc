// spec: a helper that declares __writes_to(out) but also writes a local scratch array: that write is an assertion failure at the write, with a note naming the array and the declaration
// run: run --local-size 2 --buffer out=2
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=14
// stderr: note: this write of 'scratch' is outside the frame of 'stage' (__writes_to at line 13 names 'out')
// why: stage() declares __writes_to(out) (line 13), so its frame of writes is {out}. Its first statement
//   writes scratch[i] (line 14), a __local array not named: an assert(false) where it stands, failing for
//   work-item 0, the lowest enabled one, before the write to out (line 15, in the frame). It declares no
//   __reads_from, so its reads are not checked.
#include "gpuverify.h"

static void stage(__global int *out, __local int *scratch, int i) {
  __writes_to(out);
  scratch[i] = i;
  out[i] = scratch[i];
}

__kernel void copy(__global int *out) {
  __local int scratch[2];
  stage(out, scratch, get_local_id(0));
}
