// spec: OpenCL continue in a do-while goes to the test; continue inside a switch continues the loop, break leaves the switch
// run: run --local-size 2
// exit: 0
// expect: verdict=ok final.out=[5223,6323]
// why: do-while: n counts 1, 2, ...; odd n continues, which jumps to the test n < 5 + i (not to the
//   top, and the loop still ends). i = 0: n = 1..5, c counts the even n (2, 4): n = 5, c = 2.
//   i = 1: n = 1..6, c = 3 (2, 4, 6). for + switch: j = 0 → default +10, then +1; j = 1 → continue
//   (skips the +1); j = 2 → break leaves only the switch, +1; j = 3 → +10, +1: s = 11 + 1 + 11 = 23.
//   out = 1000 n + 100 c + s: 5223 and 6323.
__kernel void k(__global int *out) {
  int i = get_local_id(0);
  int n = 0, c = 0;
  do {
    n++;
    if (n % 2)
      continue;
    c++;
  } while (n < 5 + i);
  int s = 0;
  for (int j = 0; j < 4; j++) {
    switch (j) {
    case 1:
      continue;
    case 2:
      break;
    default:
      s += 10;
    }
    s += 1;
  }
  out[i] = 1000 * n + 100 * c + s;
}
