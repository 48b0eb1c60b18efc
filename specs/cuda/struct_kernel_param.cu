// spec: CUDA struct kernel parameter by value: one KPL param per field (c_scale, c_bias, c_f), set as --param c.scale=…; the kernel changes its own copy; an unsigned char field is normalised
// run: run --block-dim 2 --buffer A=2 --param c.scale=3 --param c.bias=300 --param c.f=1077936128
// exit: 0
// expect: verdict=ok final.A=[47,51]
// run: run --block-dim 2 --buffer A=2
// exit: 0
// expect: verdict=ok final.A=[0,1]
// why: c.bias = 300 is the unsigned char 300 - 256 = 44; c.f = 0x40400000 = 3.0f; c.scale += 1
//   gives 4. A[t] = t*4 + 44 + 3: 47, 51. Without --param every field is 0: scale 1, A[t] = t.
struct Cfg { int scale; unsigned char bias; float f; };
__global__ void k(Cfg c, int *A) {
  int t = threadIdx.x;
  c.scale += 1;
  A[t] = t * c.scale + c.bias + (int)c.f;
}
