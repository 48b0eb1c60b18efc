// spec: the toolkit's headers resolve (cuda_fp16.h, cuda_bf16.h, cuda_fp8.h, math_constants.h, vector_types.h, device_launch_parameters.h); a kernel that moves __half values is lowered, and half arithmetic (__hadd) is computed
// run: run --block-dim 2 --kernel gather_half --buffer dst=2 --buffer src=2 --buffer bits=1 --init src=15360,16384
// exit: 0
// expect: verdict=ok final.dst=[16384,15360] final.bits=[1078530011]
// run: run --block-dim 2 --kernel add_half --buffer a=2 --init a=15360,16384
// exit: 0
// expect: verdict=ok final.a=[16384,17408]
// why: gather_half: __half is one cell of its 16 bits (dst and src are buffers of __half, each
//   element one cell); thread t copies src[1 - t] to dst[t]: dst = [16384, 15360] (the bits
//   of 2.0 and 1.0 in binary16, as given). Thread 0 stores CUDART_PI_F's bits: pi rounded to
//   float is 0x40490fdb = 1078530011. add_half doubles each half with __hadd (float addition
//   rounded to binary16): 1.0 (0x3c00 = 15360) + 1.0 = 2.0 = 0x4000 = 16384, 2.0 + 2.0 = 4.0 =
//   0x4400 = 17408.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <device_launch_parameters.h>
#include <math_constants.h>
#include <vector_types.h>

template <typename T>
__device__ __forceinline__ void move(T* dst, const T* src, int i, int j) {
  dst[i] = src[j];
}

__global__ void gather_half(__half* dst, const __half* src, unsigned* bits) {
  const int t = threadIdx.x;
  move(dst, src, t, 1 - t);
  if (t == 0) bits[0] = __float_as_uint(CUDART_PI_F);
}

__global__ void add_half(__half* a) {
  const int t = threadIdx.x;
  __nv_bfloat16 unused_b;
  __nv_fp8_e4m3 unused_f;
  (void)unused_b;
  (void)unused_f;
  a[t] = __hadd(a[t], a[t]);
}
