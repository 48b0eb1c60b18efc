// spec: GPUVerify's --invariants-as-candidates: a loop invariant that fails is a candidate, dropped with a note instead of an assertion failure
// run: run --local-size 2
// exit: 1
// expect: verdict=assertion location.line=14
// run: run --local-size 2 --invariants-as-candidates
// exit: 0
// expect: verdict=ok final.out=[6,6]
// stderr: candidate
// why: the loop runs j = 0, 1, 2, 3 and __invariant(j < 2) (line 14) is checked where the
//   guard is evaluated: false at j = 2, an assertion failure. As a candidate it is dropped (a
//   note on stderr) and the run goes on: s = 0+1+2+3 = 6 for both items.
__kernel void loop(__global int *out) {
  int s = 0;
  for (int j = 0; __invariant(j < 2), j < 4; j++) s += j;
  out[get_local_id(0)] = s;
}
