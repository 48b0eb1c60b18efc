// spec: OpenCL __constant pointer parameter (constant memory, only read): a 3-tap FIR filter, the taps given by the host
// run: run --local-size 4 --init x=1,2,3,4,5,6 --init taps=1,2,1
// exit: 0
// expect: verdict=ok final.y=[8,12,16,20]
// run: run --local-size 4 --init x=1,2,3,4,5,6 --init taps=1,-1,0
// exit: 0
// expect: verdict=ok final.y=[-1,-1,-1,-1]
// run: check --local-size 2
// exit: 0
// expect: verdict=ok
// why: taps is a `const global` array (constant memory), read only: no constant-write.
//   y[i] = taps0 x[i] + taps1 x[i+1] + taps2 x[i+2]. Taps (1, 2, 1): y0 = 1 + 4 + 3 = 8,
//   y1 = 2 + 6 + 4 = 12, y2 = 3 + 8 + 5 = 16, y3 = 4 + 10 + 6 = 20. Taps (1, -1, 0): y[i] =
//   x[i] - x[i+1] = -1. Work-items only read x and taps and write their own y[i]: no race for
//   any contents (check).
int tap_sum(__global const int *x, __constant int *taps, int i) {
  return taps[0] * x[i] + taps[1] * x[i + 1] + taps[2] * x[i + 2];
}

__kernel void fir(__global const int *x, __constant int *taps, __global int *y) {
  int i = get_global_id(0);
  y[i] = tap_sum(x, taps, i);
}
