// spec: <cmath>'s INFINITY, NAN, HUGE_VALF and HUGE_VAL (C99 7.12) in device code: a sampler's top-k mask writes -INFINITY to the masked logits; the constants' bits and comparisons with them
// run: run --kernel sampling::apply_top_k_mask --block-dim 4 --grid-dim 2 --param vocab_size=6 --param k=2 --buffer logits=8 --init logits=1065353216,1073741824,1077936128,1082130432,1084227584,1086324736,1,2
// exit: 0
// expect: verdict=ok final.logits=[1065353216,1073741824,-8388608,-8388608,-8388608,-8388608,1,2]
// run: run --kernel sampling::special_values --block-dim 1 --buffer out=6 --buffer flags=4
// exit: 0
// expect: verdict=ok final.out=[2143289344,2139095040,-8388608,0,0,2146435072] final.flags=[1,1,1,0]
// why: apply_top_k_mask: thread i = blockIdx.x * 4 + threadIdx.x keeps logits[i] when i < k = 2
//   and writes -INFINITY (float -inf: sign 1, exponent all ones, fraction 0: 0xff800000, the
//   signed word -8388608) to the others below vocab_size = 6; threads 6 and 7 do nothing. The
//   initial logits are 1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f (0x3f800000 = 1065353216, 0x40000000,
//   0x40400000, 0x40800000, 0x40a00000, 0x40c00000) and cells 6, 7 hold 1, 2: cells 0, 1 keep
//   1.0f and 2.0f, cells 2..5 become -inf, cells 6, 7 are untouched. Each thread writes its own
//   cell: ok.
//   special_values: out[0] = NAN, glibc's __builtin_nanf(""): the quiet NaN 0x7fc00000 =
//   2143289344; out[1] = HUGE_VALF = +inf 0x7f800000 = 2139095040; out[2] = -INFINITY
//   (-8388608); out[3] stays 0; out[4..5] is the double HUGE_VAL = +inf 0x7ff0000000000000
//   stored through a double* (8-byte aligned: 4 floats in), two words, low word first: 0, then
//   0x7ff00000 = 2146435072.
//   flags: INFINITY > FLT_MAX = 1 and -INFINITY < -FLT_MAX = 1 (the infinities lie beyond every
//   finite float), NAN != NAN = 1 and NAN == NAN = 0 (an ordered comparison with a NaN is false,
//   != its negation).
#include <cmath>
#include <cfloat>
#include <cstdint>

namespace sampling {

__device__ __forceinline__ float mask_logit(float logit, bool keep) { return keep ? logit : -INFINITY; }

// Keeps the first k logits of the (already sorted) row, masks the rest with -inf.
__global__ void apply_top_k_mask(float* __restrict__ logits, const int vocab_size, const int k) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < vocab_size) logits[i] = mask_logit(logits[i], i < k);
}

__global__ void special_values(float* __restrict__ out, int* __restrict__ flags) {
  out[0] = NAN;
  out[1] = HUGE_VALF;
  out[2] = -INFINITY;
  double* wide = reinterpret_cast<double*>(out + 4);
  wide[0] = HUGE_VAL;
  const float nan = NAN;
  flags[0] = INFINITY > FLT_MAX ? 1 : 0;
  flags[1] = nan != nan ? 1 : 0;
  flags[2] = -INFINITY < -FLT_MAX ? 1 : 0;
  flags[3] = nan == nan ? 1 : 0;
}

}  // namespace sampling
