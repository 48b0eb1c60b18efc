// spec: OpenCL uchar4 pixels brightened with add_sat and floored with sub_sat, component-wise, a scalar bias broadcast (image-processing style)
// run: run --local-size 2 --param bias=100 --init src=10,100,200,250,0,16,155,156
// exit: 0
// expect: verdict=ok final.dst=[94,184,239,239,84,100,239,239]
// run: run --local-size 2 --param bias=0 --init src=10,100,200,250,0,16,155,156
// exit: 0
// expect: verdict=ok final.dst=[0,84,184,234,0,0,139,140]
// why: a uchar4 is 4 cells, pixel i is cells 4i..4i+3. brighten = add_sat(p, (uchar4)(bias)),
//   each component saturating at 255; then sub_sat(b, (uchar4)(16)), saturating at 0.
//   bias 100: pixel 0: (110, 200, 300 -> 255, 350 -> 255) - 16 = (94, 184, 239, 239);
//   pixel 1: (100, 116, 255 -> 255, 256 -> 255) - 16 = (84, 100, 239, 239).
//   bias 0: pixel 0: (10, 100, 200, 250) - 16 = (-6 -> 0, 84, 184, 234); pixel 1: (0, 16, 155,
//   156) - 16 = (0, 0, 139, 140). Each work-item reads and writes its own pixel: no race.
uchar4 brighten(uchar4 p, uchar bias) { return add_sat(p, (uchar4)(bias)); }

__kernel void adjust(__global const uchar4 *src, __global uchar4 *dst, uchar bias) {
  int i = get_global_id(0);
  uchar4 p = src[i];
  uchar4 b = brighten(p, bias);
  dst[i] = sub_sat(b, (uchar4)(16));
}
