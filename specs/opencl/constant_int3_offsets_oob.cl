// spec: the same __constant int3 offset table, used without the range test: the thread at the right edge reads one past the input (the third component of an int3 is its cell 2, the fourth cell is padding and never read)
// run: run --local-size 4 --buffer in=4 --buffer out=4
// exit: 1
// expect: verdict=out-of-bounds
// why: offsets[1] = (1, 0, 0): thread 3 reads in[3 + 1] = in[4], outside in[0..3]
//   (offsets[0].x = 0 keeps every thread in range, so the first out-of-range read is
//   thread 3's at k = 1). With the unpadded layout offsets[1].x would have read cell 4 = 0
//   and the kernel would have looked in bounds.
__constant int3 offsets[2] = {{0, 0, 0}, {1, 0, 0}};

__kernel void stencilSum(__global const int *in, __global int *out) {
  const int i = get_global_id(0);
  int acc = 0;
  for (int k = 0; k < 2; ++k) acc += in[i + offsets[k].x] * (1 + offsets[k].z);
  out[i] = acc;
}
