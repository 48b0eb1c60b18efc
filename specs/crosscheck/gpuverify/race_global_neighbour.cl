//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*(read-write|write-read)\s*race

// An in-place shift of global memory within one group: item i reads A[i + 1] while item
// i + 1 writes A[i + 1], with no barrier between: a read-write race (items 0..2).
__kernel void shift_down(__global int *A) {
  int i = get_local_id(0);
  A[i] = A[i + 1];
}
