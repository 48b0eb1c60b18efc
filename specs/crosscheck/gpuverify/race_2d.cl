//xfail:NOT_ALL_VERIFIED
//--local_size=[2,2] --num_groups=[1,1]
//possible\s*write-write\s*race\s*on\s*A

// Items (0,0) and (0,1) both write A[0], with 0 and 1: a write-write race.
__kernel void column(__global int *A) {
  int x = get_local_id(0);
  int y = get_local_id(1);
  A[x] = y;
}
