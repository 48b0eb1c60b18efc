// spec: __ldg(p) is the ordinary read *p, __sincosf(x, &s, &c) is sincosf, clock()/clock64() are arbitrary values with a note (time is not modelled), __nanosleep has no effect
// run: run --block-dim 4 --buffer in=4 --init in=5,6,7,8 --buffer out=4 --buffer sc=2 --buffer elapsed=4
// exit: 0
// expect: verdict=ok final.out=[10,12,14,16] final.sc=[0,1065353216] final.elapsed=[0,0,0,0]
// stderr: note: sdvmc does not model time: 'clock64' gives an arbitrary value
// why: out[i] = 2 * in[i] read through __ldg: 10, 12, 14, 16. __sincosf(0) gives sin 0 = 0.0f
//   (bits 0) and cos 0 = 1.0f (bits 0x3F800000 = 1065353216), stored through the int view.
//   sdvmc run takes 0 for every clock()/clock64() value, so both differences are 0.
__global__ void timed(const int *__restrict__ in, int *out, float *sc, int *elapsed) {
  clock_t t0 = clock();
  long long c0 = clock64();
  int i = threadIdx.x;
  out[i] = 2 * __ldg(&in[i]);
  __nanosleep(100);
  if (i == 0) {
    float s, c;
    __sincosf(0.0f, &s, &c);
    sc[0] = s;
    sc[1] = c;
  }
  elapsed[i] = (int)(clock() - t0) + (int)(clock64() - c0);
}
