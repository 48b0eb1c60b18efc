//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=1 --check-array-bounds
//possible\s*array\s*out-of-bounds\s*access

// A private window of 4 cells indexed by the local id: items 4..7 write p[4..7], past the
// end of p[4]. GPUVerify checks bounds when asked (--check-array-bounds).
__kernel void window(__global int *out) {
  int p[4] = {0, 0, 0, 0};
  int i = get_local_id(0);
  p[i] = i;
  out[i] = p[i % 4];
}
