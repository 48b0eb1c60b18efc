// spec: prove (CUDA, 16 blocks of 256 threads): a grid-stride loop out[i] = f(in[i]) for i = blockIdx.x * blockDim.x + threadIdx.x, stepping by blockDim.x * gridDim.x while i < n: race-free for every n (a kernel parameter), proved by invariant (i ≡ its start mod the stride, for i and for every access logged), not bounded by the unrolling
// run: prove --block-dim 256 --grid-dim 16
// exit: 0
// expect: verdict=ok bound.unroll=null loops.0.how=induction
// run: prove --block-dim 256 --grid-dim 16 --loops unroll
// exit: 0
// expect: verdict=ok bound.unroll=8 loops.0.how=cut
// why: the stride is S = 256 * 16 = 4096 = 2^12. Thread t of block b starts at
//   i₀ = 256b + t, 0 <= i₀ < 4096, distinct per (b, t). i is unsigned: i += S wraps mod 2^32,
//   and since S divides 2^32, i - i₀ stays a multiple of S (mod 2^32) forever: that is the
//   invariant (i - i₀) % S == 0, and each access of in and out (at index i) is at an index
//   with (index - i₀) % S == 0. Two different threads have i₀ ≢ i₀' (mod S), so their indices
//   never meet: no race on out (written) and in is only read, for every n (n only decides how
//   long each thread runs; past 8 iterations — n > 8 · 4096 — the loop is proved by the
//   invariant rather than cut, so bound.unroll is null). With --loops unroll the loop is cut
//   after 8 iterations and the verdict says so (bound.unroll = 8). The float arithmetic of
//   scale() is uninterpreted: values never reach an index or a branch.
namespace {
__device__ __forceinline__ float scale(float x) { return 2.0f * x + 1.0f; }
}  // namespace

__global__ void scale_all(unsigned n, const float *__restrict__ in, float *__restrict__ out) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = scale(in[i]);
}
