// spec: a histogram bin computed as (unsigned)(v * BINS): a negative value above -1 truncates to bin 0 (defined), one at or below -1 is undefined in C++ (integer-overflow naming the thread and the value); a check clamps it; --no-overflow-check gives ftou's 0
// run: run --kernel 'hist::bin_index<4>' --block-dim 2 --buffer v=2 --buffer bins=2 --init v=0x3f000000,0xbe4ccccd
// exit: 0
// expect: verdict=ok final.bins=[2,0]
// run: run --kernel 'hist::bin_index<4>' --block-dim 2 --buffer v=2 --buffer bins=2 --init v=0x3f000000,0xbe800000
// exit: 1
// expect: verdict=integer-overflow threads=[1] location.line=29 message="thread 1 converts the float -1 to unsigned int (at 29:35): outside its range, undefined in C and C++"
// run: run --kernel 'hist::bin_index<4>' --block-dim 2 --buffer v=2 --buffer bins=2 --init v=0x3f000000,0xbe800000 --no-overflow-check
// exit: 0
// expect: verdict=ok final.bins=[2,0]
// run: run --kernel 'hist::bin_index_clamped<4>' --block-dim 2 --buffer v=2 --buffer bins=2 --init v=0x3f000000,0xbe800000
// exit: 0
// expect: verdict=ok final.bins=[2,0]
// run: prove --kernel 'hist::bin_index<4>' --block-dim 2
// exit: 0
// expect: verdict=ok notes.1="float-to-integer conversions: whether the float is in the integer's range is not decided (floats are uninterpreted), so the verdict does not cover that undefined behaviour; `sdvmc run` and `sdvmc check` check it (integer-overflow)"
// why: v = [0.5 (0x3f000000), -0.2f (0xbe4ccccd)]: 0.5 * 4 = 2.0 gives bin 2; -0.2f * 4 =
//   -0.8 (exactly 4 times -0.2f) truncates toward zero to 0, representable: bin 0. v[1] =
//   -0.25 (0xbe800000): -0.25 * 4 = -1.0, whose truncation -1 is not an unsigned value:
//   undefined (C++ [conv.fpint]), on thread 1 only, at `v[t] * BINS` (line 29, column 35).
//   Without the check KPL's ftou gives 0 outside the range: bins = [2, 0]. The clamped
//   kernel converts max(v * BINS, 0.0f) = 0.0 for thread 1: bin 0. prove leaves floats
//   uninterpreted: no race (own bins[t]), ok, and a 2nd note that the range is not covered.
namespace hist {
template <int BINS>
__global__ void bin_index(const float* __restrict__ v, unsigned* __restrict__ bins) {
  const unsigned t = threadIdx.x;
  // Correct only for v >= 0: a negative bin is undefined, not 0.
  bins[t] = static_cast<unsigned>(v[t] * BINS);
}

template <int BINS>
__global__ void bin_index_clamped(const float* __restrict__ v, unsigned* __restrict__ bins) {
  const unsigned t = threadIdx.x;
  bins[t] = static_cast<unsigned>(fmaxf(v[t] * BINS, 0.0f));
}
}  // namespace hist
