//pass
//--local_size=4 --num_groups=1

// The invariant k == j holds on entry (0 == 0) and is kept by every iteration (both grow by
// one); the loop writes A[4 * i + j], each item its own four cells: pass.
__kernel void count(__global int *A) {
  int i = get_local_id(0);
  int k = 0;
  for (int j = 0; __invariant(k == j), j < 4; j++) {
    A[4 * i + j] = k;
    k = k + 1;
  }
}
