// spec: OpenCL __invariant in a for head is asserted every time the head is evaluated
// run: run --local-size 3
// exit: 0
// expect: verdict=ok final.out=[0,4,8]
// run: run --local-size 4
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[3] location.line=14
// why: after j iterations s = i*j. The invariant s <= 2*j holds for i <= 2 at every head
//   evaluation (j = 0..4), so with 3 threads out = s = 4i = [0,4,8]. With 4 threads, thread 3
//   has s = 3 > 2 at the second evaluation (j = 1): assertion at the for (line 14).
__kernel void inv(__global int *out) {
  int i = get_local_id(0);
  int s = 0;
  for (int j = 0; __invariant(s <= 2 * j), j < 4; j++)
    s += i;
  out[i] = s;
}
