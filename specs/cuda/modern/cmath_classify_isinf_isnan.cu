// spec: CUDA's isinf, isnan, isfinite, signbit (and std:: through <cmath>) on float and double, as a sampler's logit sanitiser uses them: exact tests of the bits (-0.0, both infinities, NaNs of either sign, a NaN whose payload is only in the low word of a double, the largest finite values, a subnormal)
// run: run --kernel sampling::classify_logits --block-dim 8 --buffer logits=8 --buffer acc=4 --buffer flags=8 --buffer dflags=4 --init logits=1065353216,2147483648,2139095040,4286578688,2143289344,4290772992,2139095039,1 --init acc=0,1072693248,0,4293918720,1,2146435072,4294967295,2146435071
// exit: 0
// expect: verdict=ok final.flags=[4,12,1,9,2,10,4,4] final.dflags=[4,9,2,4] final.logits=[1065353216,-2147483648,-8388609,-8388609,-8388609,-8388609,2139095039,1]
// why: classify(x) = isinf | isnan << 1 | isfinite << 2 | signbit << 3. The float logits, by their
//   bits: 1.0f (0x3f800000): finite, 4; -0.0f (0x80000000): finite, sign set, 4 + 8 = 12; +inf
//   (0x7f800000): 1; -inf (0xff800000): 1 + 8 = 9; the quiet NaN 0x7fc00000: 2; its negative
//   0xffc00000: 2 + 8 = 10; FLT_MAX (0x7f7fffff): 4; the smallest subnormal (0x00000001): 4.
//   The doubles (two words each, low first): 1.0 (0x3ff00000_00000000): 4; -inf
//   (0xfff00000_00000000): 9; 0x7ff00000_00000001, a NaN whose fraction is only its low word's
//   1 (not an infinity: the low word counts): 2; DBL_MAX (0x7fefffff_ffffffff): 4.
//   Each thread then replaces a non-finite logit (cells 2..5: both infinities, both NaNs) by
//   -FLT_MAX = 0xff7fffff, the signed word -8388609, and keeps the others: 1.0f, -0.0f (the
//   word 0x80000000 = -2147483648), FLT_MAX, the subnormal. Each thread touches its own cells:
//   ok.
#include <cmath>
#include <cfloat>
#include <cstdint>

namespace sampling {

template <typename T>
__device__ __forceinline__ int classify(T x) {
  return (std::isinf(x) ? 1 : 0) | (std::isnan(x) ? 2 : 0) | (std::isfinite(x) ? 4 : 0) | (std::signbit(x) ? 8 : 0);
}

__global__ void classify_logits(float* __restrict__ logits, const double* __restrict__ acc,
                                int* __restrict__ flags, int* __restrict__ dflags) {
  const int t = threadIdx.x;
  const float x = logits[t];
  flags[t] = classify(x);
  if (t < 4) dflags[t] = classify(acc[t]);
  if (!isfinite(x)) logits[t] = -FLT_MAX;
}

}  // namespace sampling
