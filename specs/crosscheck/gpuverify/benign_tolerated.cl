//pass
//--local_size=4 --num_groups=1

// Every item writes the same value 1 to x[0]: a benign write-write race, which GPUVerify
// tolerates by default (no --no-benign-tolerance): pass.
__kernel void flag(__global int *out) {
  __local int x[1];
  int i = get_local_id(0);
  x[0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = x[0];
}
