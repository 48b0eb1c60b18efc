//pass
//--local_size=4 --num_groups=1 --invariants-as-candidates

// The loop invariant j < 2 is false once j reaches 2 (the loop runs j = 0..3); as a
// candidate (--invariants-as-candidates) it is dropped, not reported. The loop writes
// A[4*i + j], each item its own four cells: pass.
__kernel void guessed(__global int *A) {
  int i = get_local_id(0);
  for (int j = 0; __invariant(j < 2), j < 4; j++) A[4 * i + j] = j;
}
