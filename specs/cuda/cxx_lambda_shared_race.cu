// spec: C++ lambda capturing a shared array by reference: a neighbour update without a barrier between the write and the neighbour's read races; with __syncthreads() it does not
// run: run --kernel smoothRacy --block-dim 2 --buffer out=2
// exit: 1
// expect: verdict=race
// run: run --kernel smoothSynced --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[2,0]
// why: each thread writes tile[t] = t + 1 through the [&] lambda put (tile and t captured by
//   reference), then reads tile[1 - t] through get. smoothRacy has no barrier: thread 0 reads
//   tile[1], which thread 1 wrote, with no barrier between them: a race. smoothSynced has one:
//   tile = [1, 2] when read; out[t] = tile[1 - t] - 2t + t*t: t = 0 → 2, t = 1 → 1 - 2 + 1 = 0.
__global__ void smoothRacy(int* out) {
  __shared__ int tile[2];
  int t = threadIdx.x;
  auto put = [&](int v) { tile[t] = v; };
  auto get = [&](int i) { return tile[i]; };
  put(t + 1);
  out[t] = get(1 - t);
}
__global__ void smoothSynced(int* out) {
  __shared__ int tile[2];
  int t = threadIdx.x;
  auto put = [&](int v) { tile[t] = v; };
  auto get = [&](int i) { return tile[i]; };
  put(t + 1);
  __syncthreads();
  out[t] = get(1 - t) - 2 * t + t * t;
}
