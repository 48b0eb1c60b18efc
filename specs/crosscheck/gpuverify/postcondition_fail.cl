//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
//postcondition\s*might\s*not\s*hold

// The postcondition says the local id is 0: false for item 1.
__kernel void post(__global int *A) {
  __ensures(get_local_id(0) == 0);
  A[get_local_id(0)] = 1;
}
