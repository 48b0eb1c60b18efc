//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1
//possible\s*atomic-write\s*race\s*on\s*A

// Item 0 writes A[0] plainly while items 1-3 add to it atomically, with no barrier in
// between: a plain access against an atomic one races.
__kernel void mix(__global int *A) {
  int i = get_local_id(0);
  if (i == 0) A[0] = 5; else atomic_add(&A[0], 1);
}
