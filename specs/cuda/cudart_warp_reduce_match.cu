// spec: CUDA 11's warp reductions (__reduce_add/min/max_sync for int and unsigned, __reduce_and/or/xor_sync) and __match_any_sync / __match_all_sync over the lanes their mask names, under simt:W; the member-mask rule applies to them too
// run: run --kernel warpStats --block-dim 8 --buffer in=8 --buffer bits=8 --buffer out=8 --init in=5,-3,7,-3,0,12,5,-8 --init bits=15,11,14,11,15,10,15,3 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[15,-8,12,0,-3,2,15,8]
// run: run --kernel positiveSum --block-dim 8 --buffer in=8 --buffer out=1 --init in=5,-3,7,-3,0,12,5,-8 --model simt:32
// exit: 0
// expect: verdict=ok final.out=[29]
// run: run --kernel groupByKey --block-dim 8 --buffer keys=8 --buffer peers=8 --buffer flags=8 --init keys=5,-3,7,-3,0,12,5,-8 --model simt:32
// exit: 0
// expect: verdict=ok final.peers=[65,10,4,10,16,32,65,128] final.flags=[0,1010,0,1010,0,0,0,0]
// run: run --kernel groupByKey --block-dim 8 --buffer keys=8 --buffer peers=8 --buffer flags=8 --init keys=5,-3,7,-3,0,12,5,-8 --model simt:4
// exit: 0
// expect: verdict=ok final.peers=[1,10,4,10,1,2,4,8] final.flags=[0,1010,0,1010,0,0,0,0]
// run: run --kernel groupByKey64 --block-dim 8 --buffer keys=8 --buffer peers=8 --init keys=5,-3,7,-3,0,12,5,-8 --model simt:32
// exit: 0
// expect: verdict=ok final.peers=[1,10,4,10,16,32,64,128]
// run: run --kernel positiveSumWholeWarp --block-dim 8 --buffer in=8 --buffer out=1 --init in=5,-3,7,-3,0,12,5,-8 --model simt:32
// exit: 1
// expect: verdict=warp-mask threads=[0,1] mask=4294967295 location.line=85
// run: run --kernel warpStats --block-dim 8 --buffer in=8 --buffer bits=8 --buffer out=8
// exit: 3
// expect: verdict=warp-primitive
// why: one warp (simt:32) of 8 lanes; bits 8..31 of a mask name no lane. warpStats, mask
//   0xffffffff, every lane: in = 5, -3, 7, -3, 0, 12, 5, -8: add 5 - 3 + 7 - 3 + 0 + 12 + 5
//   - 8 = 15; int min -8, max 12; as unsigned the least is 0, the greatest -3 = 0xfffffffd
//   (above -8 = 0xfffffff8), stored as -3. bits 15, 11, 14, 11, 15, 10, 15, 3: and = 2 (only
//   bit 1 is in all, 3 = 0b0011 drops bits 2 and 3), or = 15, xor: 15 ^ 11 = 4, ^ 14 = 10, ^
//   11 = 1, ^ 15 = 14, ^ 10 = 4, ^ 15 = 11, ^ 3 = 8. Lane 0 writes the eight results.
//   positiveSum: lanes 0, 2, 5, 6 (5, 7, 12, 5 > 0) enter; __activemask() = 0b01100101 names
//   exactly them: 5 + 7 + 12 + 5 = 29, written by the lowest of them, lane 0. groupByKey:
//   __match_any_sync(0xffffffff, k) is the set of lanes with lane's key: 5 at lanes 0, 6 ->
//   0x41 = 65; -3 at 1, 3 -> 0x0a = 10; the others alone: 4, 16, 32, 128. The full-mask
//   __match_all_sync sees different keys: 0, pred = 0, flags 0; then lanes 1 and 3 (k == -3)
//   vote again with __activemask() = 0x0a: all equal, so it returns the mask 10 and pred =
//   1: flags = 10 + 1000 * 1 = 1010 for them. simt:4: warps {0..3} and {4..7}, lanes 0..3
//   each; warp 0 as before within itself (5 alone: 1; -3 at lanes 1, 3: 10; 7: 4); warp 1
//   keys 0, 12, 5, -8 all distinct: 1, 2, 4, 8; lanes 1 and 3 of warp 0 still form 0x0a:
//   1010. groupByKey64 matches 64-bit keys whose high word is the key and low word lane / 4:
//   lanes 0 and 6 (key 5) differ in the low word (0, 1): alone, 1 and 64; lanes 1 and 3 (key
//   -3, low word 0 both) still match: 10; the others alone: 4, 16, 32, 128.
//   positiveSumWholeWarp passes 0xffffffff from inside the branch: lane 0 names lane 1,
//   which did not enter and has not exited: warp-mask, threads [0, 1], at the reduction.
//   Under SDV (no warps) the first primitive is the verdict warp-primitive (exit 3). The
//   same reductions, matches and 64-bit matches, run with nvcc -arch=sm_90 as one 8-thread
//   block on an H100, gave these values (2026-11-26).
namespace stats {
struct WarpSummary {
  int sum, lo, hi;
  unsigned int ulo, uhi, all, any, parity;
};

__device__ WarpSummary summarize(unsigned int mask, int v, unsigned int b) {
  WarpSummary s;
  s.sum = __reduce_add_sync(mask, v);
  s.lo = __reduce_min_sync(mask, v);
  s.hi = __reduce_max_sync(mask, v);
  s.ulo = __reduce_min_sync(mask, (unsigned int)v);
  s.uhi = __reduce_max_sync(mask, (unsigned int)v);
  s.all = __reduce_and_sync(mask, b);
  s.any = __reduce_or_sync(mask, b);
  s.parity = __reduce_xor_sync(mask, b);
  return s;
}
}  // namespace stats

__global__ void warpStats(const int *in, const unsigned int *bits, int *out) {
  stats::WarpSummary s = stats::summarize(0xffffffffu, in[threadIdx.x], bits[threadIdx.x]);
  if (threadIdx.x % warpSize == 0) {
    out[0] = s.sum;
    out[1] = s.lo;
    out[2] = s.hi;
    out[3] = (int)s.ulo;
    out[4] = (int)s.uhi;
    out[5] = (int)s.all;
    out[6] = (int)s.any;
    out[7] = (int)s.parity;
  }
}

template <bool WholeWarp>
__device__ void addPositive(const int *in, int *out) {
  int v = in[threadIdx.x];
  if (v > 0) {
    unsigned int active = __activemask();
    int total = __reduce_add_sync(WholeWarp ? 0xffffffffu : active, v);
    if (threadIdx.x % warpSize == __ffs(active) - 1) out[0] = total;
  }
}

__global__ void positiveSum(const int *in, int *out) { addPositive<false>(in, out); }
__global__ void positiveSumWholeWarp(const int *in, int *out) { addPositive<true>(in, out); }

__global__ void groupByKey(const int *keys, unsigned int *peers, int *flags) {
  int k = keys[threadIdx.x];
  peers[threadIdx.x] = __match_any_sync(0xffffffffu, k);
  int pred;
  unsigned int same = __match_all_sync(0xffffffffu, k, &pred);
  flags[threadIdx.x] = (int)same + 1000 * pred;
  if (k == -3) {
    same = __match_all_sync(__activemask(), k, &pred);
    flags[threadIdx.x] = (int)same + 1000 * pred;
  }
}

__global__ void groupByKey64(const int *keys, unsigned int *peers) {
  long long key = (long long)keys[threadIdx.x] * 4294967296LL + threadIdx.x / 4;
  peers[threadIdx.x] = __match_any_sync(0xffffffffu, key);
}
