//pass
//--local_size=8 --num_groups=1

// Every item sets the flag x[0] to 1 before the barrier: writes of one value to one cell,
// a race GPUVerify tolerates as benign by default (and sdvmc's --benign-writes=gpuverify:
// equal values). After the barrier every item reads it: pass.
__kernel void set_flag(__global int *out) {
  __local int x[1];
  x[0] = 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = x[0];
}
