// spec: the annotation builtins are run by the SDV rules (run, check) only: prove and the warp models refuse an annotated kernel with a located unsupported error naming them, rather than ignore the annotations
// run: prove --block-dim 4 --buffer a=4
// exit: 2
// stderr: unsupported: prove does not handle the annotation builtins
// run: run --block-dim 4 --buffer a=4 --model simt:2
// exit: 2
// stderr: unsupported: the simt:2 model does not handle the annotation builtins
// run: run --block-dim 4 --buffer a=4
// exit: 0
// expect: verdict=ok final.a=[0,1,2,3]
// why: __assert(__distinct_int(t)) becomes pairs(t != other(t)), which prove's two-thread encoding and the
//   warp models do not implement: both refuse at the assertion. Under SDV it holds (the ids differ) and
//   a[t] = t.
#include <gpuverify.h>

__global__ void ids(int *a) {
  int t = threadIdx.x;
  __assert(__distinct_int(t));
  a[t] = t;
}
