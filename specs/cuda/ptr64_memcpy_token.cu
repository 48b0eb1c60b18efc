// spec: 64-bit target: memcpy between two caches through pointers 3 * 2^31 cells in (an int64_t token × stride kept in pointer locals) copies the exact 64-bit cells (run, check); a bounded destination is out-of-bounds at its first cell past 2^31
// run: run --kernel 'kv::copy_token<float, 2>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=2147483648 --param stride.hi=0 --init src_cache[6442450944]=1065353216,1073741824,1077936128,1082130432
// exit: 0
// expect: verdict=ok final.dst_cache={"6442450944":1065353216,"6442450945":1073741824,"6442450946":1077936128,"6442450947":1082130432}
// run: check --kernel 'kv::copy_token<float, 2>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=2147483648 --param stride.hi=0
// exit: 0
// expect: verdict=ok
// run: run --kernel 'kv::copy_token<float, 2>' --block-dim 2 --param token.lo=3 --param token.hi=0 --param stride.lo=2147483648 --param stride.hi=0 --buffer dst_cache=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[0] index=6442450944 location.line=31
// why: base = token * stride = 3 * 2^31 = 6442450944 (int64_t, past 2^32); dst and src are
//   pointer locals holding that 64-bit offset. Thread t copies HEAD_SIZE = 2 floats from
//   src + 2t to dst + 2t: cells 6442450944 + 2t and + 2t + 1. src_cache's cells from
//   6442450944 hold 1.0f, 2.0f, 3.0f, 4.0f (bits 1065353216, 1073741824, 1077936128,
//   1082130432), so dst_cache gets the same four words at the same four 64-bit cells (thread 0
//   the first two, thread 1 the next two). check: the one launch, each thread writes its own
//   two cells and only reads src: no race, ok. --buffer dst_cache=64: thread 0 runs first; its
//   memcpy reads both source cells (unbounded src_cache), then writes dst_cache[6442450944]
//   (line 31), outside dst_cache[0..63]: out-of-bounds (T-WR) at the exact index.
#include <cstdint>
#include <cstring>

namespace kv {

// Copies one token's slice (HEAD_SIZE elements per thread) between two caches of one layout.
template <typename T, int HEAD_SIZE>
__global__ void copy_token(T* __restrict__ dst_cache, const T* __restrict__ src_cache, int64_t token, int64_t stride) {
  const int64_t base = token * stride;
  T* dst = dst_cache + base;
  const T* src = src_cache + base;
  memcpy(dst + threadIdx.x * HEAD_SIZE, src + threadIdx.x * HEAD_SIZE, HEAD_SIZE * sizeof(T));
}

template __global__ void copy_token<float, 2>(float*, const float*, int64_t, int64_t);

}  // namespace kv
