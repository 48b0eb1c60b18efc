//pass
//--local_size=4 --num_groups=1 --adversarial-abstraction

// --adversarial-abstraction: GPUVerify forgets shared values at barriers. It can only
// cause false alarms where a value read from shared memory decides control flow or an
// address; here no value does (the reversal's addresses come from the local id alone), so
// GPUVerify proves it under that abstraction too: pass. sdvmc notes the flag.
__kernel void reverse(__global int *A) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = A[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  A[i] = t[3 - i];
}
