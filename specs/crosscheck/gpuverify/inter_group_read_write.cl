//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
//possible\s*read-write\s*race\s*on\s*A

// Group 0 writes A[0..1]; group 1 reads A[0..1] (and writes A[2..3]): items of different
// groups cannot synchronise, so the write and the read race.
__kernel void neighbour(__global int *A) {
  int g = get_group_id(0);
  int i = get_local_id(0);
  if (g == 0) A[i] = 1; else A[2 + i] = A[i];
}
