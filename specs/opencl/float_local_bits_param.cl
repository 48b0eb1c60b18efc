// spec: OpenCL float in __local memory read back through an int pointer (the cell holds the IEEE bits); a float kernel parameter given by its bits
// run: run --local-size 4 --param s=1069547520
// exit: 0
// expect: verdict=ok final.A=[1083179008,1077936128,1069547520,0]
// run: check --local-size 4 --param s=1069547520
// exit: 0
// expect: verdict=ok
// why: s = 1069547520 = 0x3FC00000 = 1.5f. L[i] = i * 1.5f = 0, 1.5, 3, 4.5; after the barrier
//   thread i reads L[3 - i] through an int pointer, which sees the bits: 4.5f = 0x40900000 =
//   1083179008, 3.0f = 0x40400000 = 1077936128, 1.5f = 1069547520, 0.0f = 0. Writes and reads are
//   separated by the barrier and each thread writes its own A[i]: no race.
__kernel void k(__global int *A, float s) {
  __local float L[4];
  int i = get_local_id(0);
  L[i] = (float)i * s;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *bits = (__local int *)L;
  A[i] = bits[3 - i];
}
