// spec: GPUVerify's __add_noovfl(a, b) (a + b does not overflow, by the operands' signedness) and __at_most_one(p) (at most one thread of the group has p) are declared in OpenCL too
// run: run --local-size 4 --buffer A=4 --param x=3 --param y=4 --param a=-5 --param b=2
// exit: 0
// expect: verdict=ok final.A=[4,4,4,4]
// run: run --local-size 4 --buffer A=4 --param x=4294967295 --param y=1 --param a=0 --param b=0
// exit: 0
// expect: verdict=discarded rule=T-ASSUME
// run: run --local-size 4 --buffer A=4 --param x=0 --param y=0 --param a=2147483647 --param b=1
// exit: 0
// expect: verdict=discarded rule=T-ASSUME
// why: case 1: 3 + 4 and -5 + 2 do not overflow; every thread writes s + (a + b) = 7 + (-3) = 4
//   (unsigned arithmetic: 7 + 4294967293 wraps to 4). Only local id 0 has lid == 0, so
//   __at_most_one holds. Case 2: the unsigned 4294967295 + 1 overflows, so the precondition
//   (an assumption under run) discards the execution. Case 3: the signed 2147483647 + 1
//   overflows likewise.
__kernel void sum(__global unsigned *A, unsigned x, unsigned y, int a, int b) {
  __requires(__add_noovfl(x, y));
  __requires(__add_noovfl(a, b));
  __assert(__at_most_one(get_local_id(0) == 0));
  unsigned s = x + y;
  __assert(s >= x);
  A[get_local_id(0)] = s + (unsigned)(a + b);
}
