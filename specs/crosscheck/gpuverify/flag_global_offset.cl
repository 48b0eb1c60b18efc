//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --global_offset=4
//possible\s*write-write\s*race

// With the global offset 4 the items' global ids are 4..7, all at least 4, so all four write
// their local id to A[0]: a write-write race with different values. (With offset 0 no item
// would write.)
__kernel void offset(__global int *A) {
  if (get_global_id(0) >= 4) A[0] = get_local_id(0);
}
