// spec: OpenCL switch with break, fallthrough and default
// run: run --local-size 5
// exit: 0
// expect: verdict=ok final.out=[10,25,5,-1,-1]
// why: i = 0: case 0 sets 10 and breaks. i = 1: case 1 sets 20 and falls through to case 2, which
//   adds 5: 25. i = 2: r starts at 0, case 2 adds 5: 5. i = 3, 4: no label matches, default: -1.
__kernel void sw(__global int *out) {
  int i = get_local_id(0);
  int r = 0;
  switch (i) {
  case 0:
    r = 10;
    break;
  case 1:
    r = 20;
  case 2:
    r += 5;
    break;
  default:
    r = -1;
  }
  out[i] = r;
}
