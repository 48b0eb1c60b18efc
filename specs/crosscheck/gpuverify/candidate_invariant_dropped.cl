//pass
//--local_size=4 --num_groups=1

// A candidate invariant is a guess: GPUVerify (Houdini) drops the false ones and reports
// nothing for them. j < 2 fails once j reaches 2; it is dropped. The loop writes each item's
// own cells A[4 * i + j]: pass.
__kernel void guess(__global int *A) {
  int i = get_local_id(0);
  for (int j = 0; __candidate_invariant(j < 2), j < 4; j++) A[4 * i + j] = j;
}
