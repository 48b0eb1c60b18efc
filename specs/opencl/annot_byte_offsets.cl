// spec: byte offsets on a uchar buffer and an int buffer: __read_offset_bytes counts bytes (1 per uchar, 4 per int), __ptr_offset_bytes of a pointer into the int buffer likewise, and __no_read holds for a buffer read only through the annotation itself (annotation reads are not accesses)
// run: run --local-size 4 --buffer bytes=4 --buffer words=4 --buffer out=4 --init bytes=1,2,3,4 --init words=10,20,30,40
// exit: 0
// expect: verdict=ok final.out=[11,22,33,44]
// why: work-item i reads bytes[i] (byte offset i) and words[i] (byte offset 4i); out[i] = bytes[i] + words[i]
//   = 11, 22, 33, 44. __read_implies(bytes, __read_offset_bytes(bytes) == i) and the same for words with 4 * i
//   hold. q = words + i: __ptr_offset_bytes(q) = 4i. The assertion out[i] == 0 before the write reads out in
//   the annotation only (a ghost read of the initial 0), so __no_read(out) still holds after it.
#include "gpuverify.h"

__kernel void widen(__global const uchar *bytes, __global const int *words, __global int *out) {
  int i = get_local_id(0);
  __global const int *q = words + i;
  __assert(__ptr_offset_bytes(q) == 4 * i);
  __assert(out[i] == 0);
  __assert(__no_read(out));
  out[i] = bytes[i] + *q;
  __assert(__read_implies(bytes, __read_offset_bytes(bytes) == i));
  __assert(__read_implies(words, __read_offset_bytes(words) == 4 * i));
}
