// spec: malloc in device code (declared by our <stdlib.h> so that host code parses) is a located unsupported, not a silent mistranslation
// run: run --block-dim 2 --buffer out=2
// exit: 2
// stderr: hdr_device_malloc_refused.cu:10:21: error: unsupported: a call to 'malloc', which returns a pointer and has no body
// why: the call malloc(...) starts at line 10, column 21; sdvmc has no device heap.
#include <stdlib.h>

__global__ void scratch(int *out) {
  // a per-thread scratch buffer on the device heap
  int *tmp = (int *)malloc(sizeof(int));
  *tmp = threadIdx.x;
  out[threadIdx.x] = *tmp;
  free(tmp);
}
