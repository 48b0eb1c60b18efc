//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=2
//possible\s*write-write\s*race\s*on\s*A

// Within a group the items write A[0] and A[1]: distinct cells. Group 0 writes 0 there and
// group 1 writes 1: an inter-group write-write race (values differ: not benign).
__kernel void clash(__global int *A) {
  A[get_local_id(0)] = get_group_id(0);
}
