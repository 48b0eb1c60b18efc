//pass
//--local_size=4 --num_groups=1

// Items exchange values through global memory within one group: item i writes B[i], a
// barrier that fences global memory (CLK_GLOBAL_MEM_FENCE) orders the writes before the
// reads of B[(i + 1) % 4]: pass.
__kernel void exchange(__global int *B, __global int *out) {
  int i = get_local_id(0);
  B[i] = i;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = B[(i + 1) % 4];
}
