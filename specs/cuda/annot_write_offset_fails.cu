// spec: a transpose-like write pattern checked against a wrong access annotation: the assertion that each thread writes only its own cell (GPUVerify's __implies(__write(p), __write_offset(p) == t)) fails for the thread that also writes its mirrored cell
// run: run --block-dim 4 --buffer out=8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=14
// why: thread t writes out[t] and out[7 - t]. Its write log of out holds {t, 7 - t}. The assertion is
//   checked for every offset in the log (an __X_offset in an annotation ranges over the log): thread 0
//   has offsets 0 and 7; 7 == 0 is false. Thread 0 is the lowest failing thread.
#include <gpuverify.h>

__global__ void mirror(int *out) {
  int t = threadIdx.x;
  out[t] = t;
  out[7 - t] = -t;
  __assert(__implies(__write(out), __write_offset(out) == t));
}
