// spec: C++ template kernel over a functor type (a struct with operator() and a member set by its constructor) and the block size: a 3-point stencil in shared memory, with and without the barrier between loading the tile and reading the neighbours
// run: run --kernel 'stencil<Weighted, 4>' --block-dim 4 --buffer in=4 --buffer out=4 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[4,7,10,8]
// run: run --kernel 'stencilNoSync<Weighted, 4>' --block-dim 4 --buffer in=4 --buffer out=4 --init in=1,2,3,4
// exit: 1
// expect: verdict=race
// why: Op op(2) constructs a Weighted with w = 2; op(l, c, r) = l + 2c + r (its call operator,
//   inlined with the object as this). Thread t loads tile[t] = in[t] = t + 1; after the barrier
//   it reads its neighbours (0 beyond the ends) and writes op(l, c, r) - t:
//   t = 0: 0 + 2 + 2 - 0 = 4; t = 1: 1 + 4 + 3 - 1 = 7; t = 2: 2 + 6 + 4 - 2 = 10;
//   t = 3: 3 + 8 + 0 - 3 = 8. Without the barrier thread 0 reads tile[1], which thread 1
//   wrote, with no barrier between them: a race.
struct Weighted {
  int w;
  __device__ explicit Weighted(int w0) : w(w0) {}
  __device__ int operator()(int l, int c, int r) const { return l + w * c + r; }
};
template <typename Op, int BLOCK>
__global__ void stencil(const int* in, int* out) {
  __shared__ int tile[BLOCK];
  int t = threadIdx.x;
  tile[t] = in[t];
  __syncthreads();
  Op op(2);
  int l = t > 0 ? tile[t - 1] : 0;
  int r = t + 1 < BLOCK ? tile[t + 1] : 0;
  out[t] = op(l, tile[t], r) - t;
}
template <typename Op, int BLOCK>
__global__ void stencilNoSync(const int* in, int* out) {
  __shared__ int tile[BLOCK];
  int t = threadIdx.x;
  tile[t] = in[t];
  Op op(2);
  int l = t > 0 ? tile[t - 1] : 0;
  int r = t + 1 < BLOCK ? tile[t + 1] : 0;
  out[t] = op(l, tile[t], r) - t;
}
template __global__ void stencil<Weighted, 4>(const int*, int*);
template __global__ void stencilNoSync<Weighted, 4>(const int*, int*);
