//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*null\s*pointer\s*access

// Item 1 stores through a null pointer.
__kernel void nul(__global int *A) {
  __global int *p = 0;
  int i = get_local_id(0);
  if (i == 1) *p = 1;
  A[i] = i;
}
