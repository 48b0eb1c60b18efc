//pass
//--local_size=4 --num_groups=1

// Item 0 reads A[0] and writes the value back; the other items read A[0]. The write leaves
// A[0] as it was, so the readers cannot tell: GPUVerify's benign-race rule tolerates it
// (sdvmc's --benign-writes=gpuverify), for every initial A[0]: pass.
__kernel void write_back(__global int *A, __global int *B) {
  int i = get_local_id(0);
  int v = A[0];
  if (i == 0) A[0] = v;
  B[i] = v;
}
