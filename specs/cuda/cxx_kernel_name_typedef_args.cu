// spec: --kernel names a template kernel's specialisation as the user spells it (uint8_t, int64_t, a `using` alias, `2 * 2`, a default template argument left out), resolved and instantiated by Clang although the file instantiates nothing; a tile smaller than the block is out of bounds; a name that resolves to no kernel, or to a device function, is exit 2 naming the file's template kernels
// run: run --kernel 'kv::tile_sum<uint8_t, 4>' --block-dim 4 --buffer in=4 --buffer out=1 --init in=200,100,255,1
// exit: 0
// expect: verdict=ok final.out=[556] final.tile=[200,100,255,1]
// run: run --kernel 'kv::tile_sum<kv::pixel_t, 2 * 2, int64_t>' --block-dim 4 --buffer in=4 --buffer out=1 --init in=200,100,255,1
// exit: 0
// expect: verdict=ok final.out=[556,0] final.tile=[200,0,100,0,255,0,1,0]
// run: run --kernel 'kv::tile_sum<uint8_t, 2>' --block-dim 4 --buffer in=4 --buffer out=1 --init in=200,100,255,1
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[2] array=tile index=2 location.line=46
// run: run --kernel 'kv::tile_max<uint8_t, 4>' --block-dim 4
// exit: 2
// stderr: error: no kernel named 'kv::tile_max<uint8_t, 4>' (--kernel) (no member named 'tile_max' in namespace 'kv')
// stderr: template kernels never instantiated: kv::tile_sum<T, TILE, Acc>
// run: run --kernel 'kv::detail::widen<uint8_t>' --block-dim 4
// exit: 2
// stderr: error: --kernel 'kv::detail::widen<uint8_t>' names 'kv::detail::widen<unsigned char>', which is not a kernel (a __global__ function)
// why: the file only declares the template; each --kernel spelling is resolved by C++'s rules.
//   uint8_t is unsigned char and Acc defaults to int: tile_sum<unsigned char, 4, int>. Each
//   of the 4 threads copies in[t] (widened, exact) into tile[t]; after the barrier thread 0
//   adds the tile: 200 + 100 + 255 + 1 = 556 in out[0].
//   kv::pixel_t is uint8_t, 2 * 2 is 4 and Acc is int64_t: the same sum, 556 < 2^32, in 64-bit
//   cells shown as their two 32-bit words, low first: out = [556, 0], tile = [200, 0, 100, 0,
//   255, 0, 1, 0].
//   TILE = 2 with 4 threads: tile has 2 elements and threads 2 and 3 write tile[2] and tile[3]
//   (line 46); G-BASIC runs the statement for the threads in id order, so run reports
//   thread 2's write, the first violation.
//   tile_max is not declared in kv: no kernel, exit 2, with Clang's reason and the template
//   kernel the file has (tile_sum, parameters T, TILE, Acc). widen<uint8_t> is
//   widen<unsigned char>, a __device__ function, not a kernel: exit 2.
#include <cstdint>

namespace kv {
namespace detail {
template <typename T>
__device__ __forceinline__ int64_t widen(T v) { return static_cast<int64_t>(v); }
}  // namespace detail

using pixel_t = uint8_t;

// Sums each block's TILE elements of `in` into out[blockIdx.x] through a shared tile.
template <typename T, int TILE, typename Acc = int>
__global__ void tile_sum(const T* __restrict__ in, Acc* __restrict__ out) {
  __shared__ Acc tile[TILE];
  const int t = threadIdx.x;
  tile[t] = static_cast<Acc>(detail::widen(in[blockIdx.x * TILE + t]));
  __syncthreads();
  if (t == 0) {
    Acc s = 0;
    for (int i = 0; i < TILE; ++i) s += tile[i];
    out[blockIdx.x] = s;
  }
}
}  // namespace kv
