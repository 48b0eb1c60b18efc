//pass
//--local_size=4 --num_groups=1 --clang-opt=-I${KERNEL_DIR}

// A header next to the kernel (${KERNEL_DIR}); items read A[i] before the barrier and
// write A[i] (their own cell) after it, and read t[3 - i] after it.
#include "tile.h"
__kernel void tiled(__global int *A) {
  __local int t[TILE];
  int i = get_local_id(0);
  t[i] = A[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = t[TILE - 1 - i];
}
