// spec: 64-bit target: a rotary-embedding kernel passes query + token * stride (2^31 cells in) to a helper's __restrict__ pointer parameter; the helper's float2 load and its accesses are the exact 64-bit cells (run, check); a bounded query is out-of-bounds at 2^31; a rot_dim larger than the head makes two threads write one 64-bit cell; --target 32 keeps the low word
// run: run --kernel 'serve::rotary_kernel<float>' --block-dim 2 --param first_token=2 --param token_stride=1073741824 --param num_heads=1 --param head_size=4 --param rot_dim=4 --init query[2147483648]=1065353216,1073741824,1077936128,1082130432 --init cos_sin_cache=0,1065353216,0,1065353216
// exit: 0
// expect: verdict=ok final.query={"2147483648":-1069547520,"2147483649":-1065353216,"2147483650":1065353216,"2147483651":1073741824}
// run: check --kernel 'serve::rotary_kernel<float>' --block-dim 2 --param first_token=2 --param token_stride=1073741824 --param num_heads=1 --param head_size=4 --param rot_dim=4
// exit: 0
// expect: verdict=ok
// run: run --kernel 'serve::rotary_kernel<float>' --block-dim 2 --param first_token=2 --param token_stride=1073741824 --param num_heads=1 --param head_size=4 --param rot_dim=4 --buffer query=64
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[0] index=2147483648 location.line=80
// run: run --kernel 'serve::rotary_kernel<float>' --block-dim 8 --param first_token=2 --param token_stride=1073741824 --param num_heads=2 --param head_size=4 --param rot_dim=8
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0={"thread":0,"kind":"write","array":"query","index":2147483652,"location":{"line":83}} accesses.1={"thread":4,"kind":"write","array":"query","index":2147483652,"location":{"line":82}}
// run: check --kernel 'serve::rotary_kernel<float>' --block-dim 8 --param first_token=2 --param token_stride=1073741824 --param num_heads=2 --param head_size=4 --param rot_dim=8 --domain 0..0
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0.index=2147483652 accesses.1.index=2147483652
// run: run --kernel 'serve::rotary_kernel<float>' --target 32 --block-dim 2 --param first_token=4 --param token_stride=1073741824 --param num_heads=1 --param head_size=4 --param rot_dim=4 --init query=1065353216,1073741824,1077936128,1082130432 --init cos_sin_cache=0,1065353216,0,1065353216
// exit: 0
// expect: verdict=ok final.query=[-1069547520,-1065353216,1065353216,1073741824]
// run: prove --kernel 'serve::rotary_kernel_deployed<float, 1, 4>' --block-dim 2
// exit: 0
// expect: verdict=ok bound.unroll=null
// run: prove --kernel 'serve::rotary_kernel_deployed<float, 2, 8>' --block-dim 8
// exit: 1
// expect: verdict=race rule=G-RACE confirmed=true replayed.rule=G-RACE replayed.accesses.0={"thread":0,"index":2147483652} replayed.accesses.1={"thread":4,"index":2147483652}
// why: one block (blockIdx.x = 0): token = first_token + 0 = 2 as an int64_t, token_head =
//   token * token_stride + head_idx * head_size = 2 * 2^30 + 0 = 2^31 = 2147483648, computed in
//   64 bits (int64_t times int), for every i < num_heads * embed_dim = 1 * 2 (embed_dim =
//   rot_dim / 2 = 2, head_idx = i / 2 = 0). The helper's parameter `head` is query + 2^31: a
//   pointer 2^31 cells into query, past a 32-bit offset. Thread t (i = t) has rot = t: it reads
//   the float2 at cos_sin_cache cells 2t, 2t + 1 (cos, sin: 0 and 1.0f, whose bits are
//   1065353216), x = head[t] and y = head[2 + t], and writes head[t] = x*cos - y*sin = -y and
//   head[2 + t] = y*cos + x*sin = x (x*0 = 0, 0 - y = -y, y*0 + x = x: exact in float). query's
//   cells 2^31 .. 2^31 + 3 start as 1.0f, 2.0f, 3.0f, 4.0f (bits 1065353216, 1073741824,
//   1077936128, 1082130432): thread 0 (x = 1, y = 3) writes -3.0f (bits 0xC0400000, as a signed
//   word -1069547520) at 2^31 and 1.0f at 2^31 + 2; thread 1 (x = 2, y = 4) writes -4.0f
//   (0xC0800000 = -1065353216) at 2^31 + 1 and 2.0f (1073741824) at 2^31 + 3. Those are the
//   exact cells (their low words would be -2^31 …, outside a 32-bit offset's meaning). check:
//   the same launch (sizes given; query's values reach no condition or address), the two
//   threads touch disjoint cells {2^31, 2^31 + 2} and {2^31 + 1, 2^31 + 3}: no race, ok.
//   --buffer query=64 bounds query to cells 0..63: thread 0 runs first, its first access of
//   query is the read x = head[rot] at query[2^31] (line 80; the float2 load before it reads
//   cos_sin_cache, unbounded): out-of-bounds (T-RD) at the exact index 2147483648. rot_dim = 8
//   with head_size = 4 (the misconfiguration: a rotary dimension larger than the head): embed_dim
//   = 4, 8 threads, head_idx = i / 4, rot = i % 4, head = query + 2^31 + 4 * head_idx; thread i
//   of head 0 writes x at 2^31 + i and y at 2^31 + 4 + i, thread 4 + j of head 1 writes x at
//   2^31 + 4 + j: thread 0's y write (head[embed_dim + rot], line 83) and thread 4's x write
//   (head[rot], line 82) are both at 2^31 + 4 = 2147483652, with no barrier between (each
//   thread reads the cell, then writes it: the cell is in both threads' W, a write-write
//   conflict, named by the two writes); the
//   other pairs (thread j, thread 4 + j) meet at 2^31 + 4 + j, so the smallest cell,
//   2147483652, between threads 0 and 4, is the race reported at the kernel's end (G-RACE),
//   by run and by check (the same single configuration; the cells depend on no value read,
//   so check's arbitrary inputs are fixed at 0 with --domain 0..0, which keeps its variant
//   without data abstraction small). --target 32 (GPUVerify's address
//   arithmetic): first_token = 4 gives token * token_stride = 2^32, whose low word, 0, is the
//   offset (as before this change): the same rotation lands on cells 0..3, which start as
//   1.0f .. 4.0f: [-3.0f, -4.0f, 1.0f, 2.0f]. prove takes rotary_kernel_deployed, the same
//   token code with first_token = 2, token_stride = 2^30, head_size = 4 and (num_heads,
//   rot_dim) = (NUM_HEADS, ROT_DIM) fixed by __requires (prove has no --param): its launches
//   are the run cases'. <float, 1, 4> with 2 threads: the helper's 64-bit cells are 2^31 + t
//   and 2^31 + 2 + t for thread t, disjoint, query and the cache are never written by two
//   threads and nothing overflows (64-bit products of small values): ok; each thread's loop
//   runs once (i = t < 2, then t + 2 >= 2), within the unrolling: no bound. <float, 2, 8> with
//   8 threads: the write-write pair of the run case, threads 0 and 4 at 2^31 + 4 = 2147483652,
//   exact in prove's 64-bit cells; prove's own claim is the solver's pair, its replay runs
//   the launch as run does and reports the run case's race (threads 0 and 4, cell 2147483652).
#include <cuda_runtime.h>
#include <cstdint>

namespace serve {
namespace detail {

// One rotated pair of a NeoX-style head: x at rot, y at embed_dim + rot; the cache row holds
// (cos, sin) interleaved, read as one float2.
template <typename scalar_t>
__device__ __forceinline__ void rotate_pair(scalar_t* __restrict__ head, const float* __restrict__ cos_sin,
                                            int rot, int embed_dim) {
  const float2 cs = reinterpret_cast<const float2*>(cos_sin)[rot];
  const scalar_t x = head[rot];
  const scalar_t y = head[embed_dim + rot];
  head[rot] = x * cs.x - y * cs.y;
  head[embed_dim + rot] = y * cs.x + x * cs.y;
}

}  // namespace detail

// One block per token of the batch; the token's cos/sin row is the block's.
template <typename scalar_t>
__device__ __forceinline__ void rotary_token(scalar_t* __restrict__ query, const float* __restrict__ cos_sin_cache,
                                             int first_token, int token_stride, int num_heads, int head_size,
                                             int rot_dim) {
  const int64_t token = first_token + blockIdx.x;
  const float* cos_sin = cos_sin_cache + blockIdx.x * rot_dim;
  const int embed_dim = rot_dim / 2;
  for (int i = threadIdx.x; i < num_heads * embed_dim; i += blockDim.x) {
    const int head_idx = i / embed_dim;
    const int64_t token_head = token * token_stride + head_idx * head_size;
    detail::rotate_pair<scalar_t>(query + token_head, cos_sin, i % embed_dim, embed_dim);
  }
}

template <typename scalar_t>
__global__ void __launch_bounds__(256) rotary_kernel(scalar_t* __restrict__ query, const float* __restrict__ cos_sin_cache,
                                                     int first_token, int token_stride, int num_heads, int head_size,
                                                     int rot_dim) {
  rotary_token<scalar_t>(query, cos_sin_cache, first_token, token_stride, num_heads, head_size, rot_dim);
}

// The deployed shapes, pinned with GPUVerify's __requires (prove has no --param).
template <typename scalar_t, int NUM_HEADS, int ROT_DIM>
__global__ void __launch_bounds__(256) rotary_kernel_deployed(scalar_t* __restrict__ query,
                                                              const float* __restrict__ cos_sin_cache, int first_token,
                                                              int token_stride, int num_heads, int head_size,
                                                              int rot_dim) {
  __requires(first_token == 2);
  __requires(token_stride == 1073741824);
  __requires(head_size == 4);
  __requires(num_heads == NUM_HEADS);
  __requires(rot_dim == ROT_DIM);
  rotary_token<scalar_t>(query, cos_sin_cache, first_token, token_stride, num_heads, head_size, rot_dim);
}

template __global__ void rotary_kernel<float>(float*, const float*, int, int, int, int, int);
template __global__ void rotary_kernel_deployed<float, 1, 4>(float*, const float*, int, int, int, int, int);
template __global__ void rotary_kernel_deployed<float, 2, 8>(float*, const float*, int, int, int, int, int);

}  // namespace serve
