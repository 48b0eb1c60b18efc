// spec: C++ const reference parameters read memory where the helper uses them, not at the call: a helper taking const int& to a shared cell that another thread writes races; taking the value by copy after a barrier does not
// run: run --kernel viaRef --block-dim 2 --buffer out=2
// exit: 1
// expect: verdict=race
// run: run --kernel viaCopy --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[21,11]
// why: viaRef: thread t writes s[t] = 10(t + 1) and calls addTo(s[1 - t], t + 1); the read of
//   the other thread's cell happens where the helper uses v, with no barrier since the other
//   thread's write: a race. viaCopy: the barrier separates the writes from the reads, s = [10,
//   20]; other = s[1 - t] and out[t] = other + (t + 1) - t: t = 0 → 20 + 1 - 0 = 21, t = 1 →
//   10 + 2 - 1 = 11.
__device__ int addTo(const int& v, int k) { return v + k; }
__global__ void viaRef(int* out) {
  __shared__ int s[2];
  int t = threadIdx.x;
  s[t] = 10 * (t + 1);
  out[t] = addTo(s[1 - t], t + 1);
}
__global__ void viaCopy(int* out) {
  __shared__ int s[2];
  int t = threadIdx.x;
  s[t] = 10 * (t + 1);
  __syncthreads();
  int other = s[1 - t];
  out[t] = addTo(other, t + 1) - t;
}
