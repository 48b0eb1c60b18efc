//xfail:NOT_ALL_VERIFIED
//--local_size=2 --num_groups=1
//loop\s*invariant\s*might\s*not\s*hold

// The invariant k == 0 holds on entry but not after the first iteration (k = 1).
__kernel void count(__global int *A) {
  int i = get_local_id(0);
  int k = 0;
  for (int j = 0; __invariant(k == 0), j < 2; j++) {
    k = k + 1;
  }
  A[i] = k;
}
