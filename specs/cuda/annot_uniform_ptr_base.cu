// spec: a pointer chosen between two buffers at run time (a run-time base): __uniform_ptr_base(p) holds when every thread picks the same buffer and fails when the choice depends on the thread; __ptr_base(p) == __ptr_base(a) tells which buffer was picked
// run: run --block-dim 2 --buffer a=2 --buffer b=2 --param sel=1
// exit: 0
// expect: verdict=ok final.a=[0,0] final.b=[1,1]
// run: run --block-dim 2 --buffer a=2 --buffer b=2 --param sel=0
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=22
// why: p = sel != 0 ? b : a is the same buffer in every thread (sel is a parameter); q = t == 0 ? a : b is
//   a for thread 0 and b for thread 1. Case 1 (sel = 1): p = b everywhere: __uniform_ptr_base(p) holds and
//   __ptr_base(p) == __ptr_base(b); p[t] = 1 gives b = 1, 1, a untouched (0, 0); the assertion on q is not
//   reached (sel != 0). Case 2 (sel = 0): p = a, uniform; __uniform_ptr_base(q) compares thread 0's base
//   (a) with thread 1's (b): it fails for thread 0, the lowest.
#include <gpuverify.h>

__global__ void pick(int *a, int *b, int sel) {
  int t = threadIdx.x;
  int *p = sel != 0 ? b : a;
  __assert(__uniform_ptr_base(p));
  __assert(__implies(sel != 0, __ptr_base(p) == __ptr_base(b)));
  if (sel != 0) p[t] = 1;
  int *q = t == 0 ? a : b;
  if (sel == 0) __assert(__uniform_ptr_base(q));
}
