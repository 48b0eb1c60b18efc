// spec: GPUVerify's --no-annotations, --only-requires and --invariants-as-candidates on a kernel with a precondition, an assertion and a wrong loop invariant
// run: run --local-size 4 --param n=0
// exit: 1
// expect: verdict=assertion location.line=31 threads=[1]
// run: run --local-size 4 --param n=0 --no-annotations
// exit: 0
// expect: verdict=ok
// run: check --local-size 4 --only-requires
// exit: 0
// expect: verdict=ok
// run: check --local-size 4 --no-annotations
// exit: 1
// expect: verdict=race
// run: run --local-size 4 --param n=0 --only-requires --no-annotations
// exit: 2
// stderr: error: give either --no-annotations or --only-requires
// run: run --threads 4 --no-annotations
// exit: 2
// stderr: error: --threads does not apply to .cu and .cl kernels
// why: run with n = 0: __requires holds; __assert(i == 0) (line 31) fails first for item 1
//   (items 0..3 evaluate it together; the lowest failing lid is reported). --no-annotations
//   drops it and the invariant: no item writes x[0] for n = 0, own out cells: ok.
//   check --only-requires keeps __requires(n == 0) (n's range is 0..0) and drops the assert;
//   the loop invariant j < 2 (line 33) is an annotation too and is dropped: ok. check
//   --no-annotations also drops __requires: n ranges over 0..1 and n = 1 makes all four items
//   write their ids to x[0]: a race. Both flags at once: exit 2; --threads is KPL's: exit 2.
__kernel void annotated(__global int *out, int n) {
  __requires(n == 0);
  __local int x[1];
  int i = get_local_id(0);
  __assert(i == 0);
  int s = 0;
  for (int j = 0; __invariant(j < 2), j < 4; j++) s += j;
  if (n != 0) x[0] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = s + x[0];
}
