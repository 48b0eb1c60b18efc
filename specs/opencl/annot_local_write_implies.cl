// spec: a work-group scan step in __local memory annotated GPUVerify-style: before the barrier each work-item has read only cells at or below its id (__read_implies with __read_offset), after it written only its own cell (__write_implies with __write_offset), and the loop carries __global_invariant(__is_pow2(d))
// run: run --local-size 4 --buffer data=4 --init data=1,2,3,4
// exit: 0
// expect: verdict=ok final.data=[1,3,6,10]
// why: Hillis-Steele inclusive scan of 1, 2, 3, 4 with strides 1, 2: after stride 1: 1, 3, 5, 7; after
//   stride 2: 1, 3, 6, 10. In each step work-item i reads tmp[i] and, when i >= d, tmp[i - d] (offsets <= i),
//   then after a barrier writes tmp[i] (offset i only). The assertions hold for every log entry. The
//   invariant d is a power of two (1, 2, then 4 ends the loop) holds at each head, for every work-item
//   (__global_invariant: disabled ones too; d is the same everywhere).
#include "gpuverify.h"

#define N 4

__kernel void scan(__global int *data) {
  __local int tmp[N];
  int i = get_local_id(0);
  tmp[i] = data[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 1; __global_invariant(__is_pow2(d)), d < N; d *= 2) {
    int v = tmp[i];
    if (i >= d) v += tmp[i - d];
    __assert(__read_implies(tmp, __read_offset(tmp) <= i));
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[i] = v;
    __assert(__write_implies(tmp, __write_offset(tmp) == i));
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[i] = tmp[i];
}
