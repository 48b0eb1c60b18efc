//pass
//--local_size=4 --num_groups=1 --math-int

// --math-int makes GPUVerify read int as a mathematical integer; sdvmc keeps 32-bit words
// and notes the flag as not modelled. No computation here comes near 2^31 (i + 1 <= 4), so
// the two readings agree: each item writes its own cell A[i]: pass.
__kernel void inc(__global int *A) {
  int i = get_local_id(0);
  A[i] = i + 1;
}
