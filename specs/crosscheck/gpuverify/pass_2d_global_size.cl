//pass
//--global_size=8,8 --local_size=4,4

// A 2-D copy over an 8 x 8 global range in groups of 4 x 4 (2 x 2 groups). Item (x, y)
// reads and writes its own cell y * 8 + x; the cells of distinct global ids differ (x, y <
// 8), within and across groups: no race; no barrier: pass.
__kernel void copy2d(__global const float *in, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 8 + x] = 2.0f * in[y * 8 + x];
}
