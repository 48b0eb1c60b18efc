// spec: int8 quantisation that converts x * scale to int before clamping: a float-to-int conversion out of int's range (and of NaN) is undefined in C++, the verdict integer-overflow with the thread, the location and the value; clamping the float first is the fix; --no-overflow-check keeps the hardware-style result
// run: run --kernel quant::quantize_after --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x3fc00000,0xc0100000 --param scale=0x40000000
// exit: 0
// expect: verdict=ok final.q=[3,-4]
// run: run --kernel quant::quantize_after --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x3fc00000,0xc0100000 --param scale=0x4f000000
// exit: 1
// expect: verdict=integer-overflow threads=[0] location.line=40 message="thread 0 converts the float 3221225472 to int (at 40:58): outside its range, undefined in C and C++"
// run: run --kernel quant::quantize_after --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x7fc00000,0xc0100000 --param scale=0x40000000
// exit: 1
// expect: verdict=integer-overflow threads=[0] message="thread 0 converts the float NaN to int (at 40:58): outside its range, undefined in C and C++"
// run: run --kernel quant::quantize_after --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x3fc00000,0xc0100000 --param scale=0x4f000000 --no-overflow-check
// exit: 0
// expect: verdict=ok final.q=[-127,-127]
// run: run --kernel quant::quantize_fixed --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x3fc00000,0xc0100000 --param scale=0x4f000000
// exit: 0
// expect: verdict=ok final.q=[127,-127]
// run: run --kernel quant::quantize_fixed --block-dim 2 --buffer x=2 --buffer q=2 --init x=0x7fc00000,0xc0100000 --param scale=0x40000000
// exit: 0
// expect: verdict=ok final.q=[-127,-4]
// why: x = [1.5 (0x3fc00000), -2.25 (0xc0100000)]. scale 2.0 (0x40000000): x * scale = 3.0 and
//   -4.5, truncated toward zero 3 and -4, inside [-127, 127]: q = [3, -4]. scale 2^31
//   (0x4f000000): thread 0's 1.5 * 2^31 = 3221225472 (exact in float) is not below 2^31, so
//   converting it to int is undefined (C++ [conv.fpint]); thread 1's -4831838208 too; the
//   lowest thread, 0, is reported, at the conversion's operand `x[i] * scale` (line 40,
//   column 58). x[0] NaN (0x7fc00000): NaN * 2 is NaN, never representable. With
//   --no-overflow-check the conversion gives what KPL's ftoi gives outside the range, INT_MIN
//   (x86's integer indefinite), which clamp_code takes to -127 for both threads. The fix
//   clamps the float: fminf(fmaxf(3221225472, -127), 127) = 127, -4831838208 gives -127; a
//   NaN: fmaxf(NaN, -127) = -127 (fmax ignores a NaN operand), so -127, and thread 1 -4.5
//   gives -4.
#include <cstdint>
#include <cmath>

namespace quant {
__device__ __forceinline__ int clamp_code(int q) { return q < -127 ? -127 : (q > 127 ? 127 : q); }

// The bug: the clamp comes after the conversion.
__global__ void quantize_after(const float* __restrict__ x, int8_t* __restrict__ q, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  q[i] = static_cast<int8_t>(clamp_code(static_cast<int>(x[i] * scale)));
}

// The fix: clamp in float, then convert (always in range).
__global__ void quantize_fixed(const float* __restrict__ x, int8_t* __restrict__ q, float scale) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float v = fminf(fmaxf(x[i] * scale, -127.0f), 127.0f);
  q[i] = static_cast<int8_t>(static_cast<int>(v));
}
}  // namespace quant
