// spec: OpenCL: whether threads race depends on unsigned long wrap-around at 2^64 (the low words alone would wrap for every thread)
// run: run --local-size 4 --param n.lo=1
// exit: 0
// expect: verdict=ok final.A=[10]
// run: run --local-size 4 --param n.lo=1 --param n.hi=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=19
// why: x = 2^64 - 1 - t * 2^32 for thread t (low word 0xffffffff for every thread). x + n wraps
//   past 2^64 (so x + n < n) iff n >= 2^64 - x = t * 2^32 + 1. A long parameter is two params,
//   n.lo and n.hi (0 unless given). n = 1: only thread 0 wraps and writes A[0] = 10, no race.
//   n = 2^32 + 1: threads 0 and 1 wrap and both write A[0] (line 18) with no barrier: a race
//   at the kernel's end (line 19). Computing with the low words only, every thread's
//   0xffffffff + 1 would wrap.
__kernel void k(__global int *A, ulong n) {
  int t = get_local_id(0);
  ulong x = 18446744073709551615UL - ((ulong)t << 32);
  if (x + n < n)
    A[0] = t + 10;
}
