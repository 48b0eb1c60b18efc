//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//this\s*assertion\s*might\s*not\s*hold

// Items 2 and 3 have i >= 2: the assertion fails.
__kernel void small(__global int *A) {
  int i = get_local_id(0);
  __assert(i < 2);
  A[i] = i;
}
