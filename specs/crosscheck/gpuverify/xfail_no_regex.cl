//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1

// No regex lines: some violation is expected. Items 0 and 1 write 0 and 1 to A[0]:
// a write-write race.
__kernel void same(__global int *A) {
  A[0] = get_local_id(0);
}
