//pass
//--local_size=4 --num_groups=1

// The OpenCL twin of beyond_shift_out_of_range.cu: OpenCL C (1.2 §6.3 j) keeps only the low
// 5 bits of a 32-bit shift amount, so 1 << 32 is 1 << 0 = 1 and 1 << 48 is 1 << 16: every
// shift is defined. Each item writes its own cell: pass, with nothing beyond.
__kernel void flags(__global int *out) {
  int i = get_local_id(0);
  out[i] = 1 << (i * 16);
}
