//pass
//--local_size=8 --num_groups=1

// flag_check_array_bounds_private.cl without --check-array-bounds: GPUVerify does not check
// bounds by default and a private array cannot race, so it passes; sdvmc always checks them:
// item 4 writes p[4], outside p[0..3]. Class "beyond" (sdvmc found more).
__kernel void window(__global int *out) {
  int p[4] = {0, 0, 0, 0};
  int i = get_local_id(0);
  p[i] = i;
  out[i] = p[i % 4];
}
