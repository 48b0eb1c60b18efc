// spec: C++ references: a hand-written swap of two int& (elements of a shared array), an odd-even transposition sort step by step with barriers; without the barrier between phases the neighbouring swaps race
// run: run --kernel sortPairs --block-dim 2 --buffer data=4 --init data=4,3,2,1
// exit: 0
// expect: verdict=ok final.data=[1,2,3,4]
// run: run --kernel sortPairsNoBarrier --block-dim 2 --buffer data=4 --init data=4,3,2,1
// exit: 1
// expect: verdict=race
// why: sortPairs copies data into s (4 cells) and runs 4 phases; phase p, thread t compares the
//   pair i = 2t + (p & 1), i + 1 (only when i + 1 < 4) and swaps through the references.
//   [4,3,2,1] → p0 pairs (0,1),(2,3): [3,4,1,2] → p1 pair (1,2) (thread 0; thread 1's i = 3
//   has no partner): [3,1,4,2] → p2: [1,3,2,4] → p3: [1,2,3,4]. A barrier follows each phase,
//   so the cells one phase writes are read by the other thread only after it. Without those
//   barriers, in phase 1 thread 0 reads and writes s[1] and s[2] while thread 1 has written
//   s[2] in phase 0 (its pair (2, 3)), with no barrier in between: a race.
template <typename T>
__device__ void swapValues(T& a, T& b) {
  T tmp = a;
  a = b;
  b = tmp;
}
template <typename T>
__device__ void compareSwap(T& lo, T& hi) {
  if (hi < lo) swapValues(lo, hi);
}
__global__ void sortPairs(int* data) {
  __shared__ int s[4];
  int t = threadIdx.x;
  s[2 * t] = data[2 * t];
  s[2 * t + 1] = data[2 * t + 1];
  __syncthreads();
  for (int p = 0; p < 4; ++p) {
    int i = 2 * t + (p & 1);
    if (i + 1 < 4) compareSwap(s[i], s[i + 1]);
    __syncthreads();
  }
  data[2 * t] = s[2 * t];
  data[2 * t + 1] = s[2 * t + 1];
}
__global__ void sortPairsNoBarrier(int* data) {
  __shared__ int s[4];
  int t = threadIdx.x;
  s[2 * t] = data[2 * t];
  s[2 * t + 1] = data[2 * t + 1];
  __syncthreads();
  for (int p = 0; p < 4; ++p) {
    int i = 2 * t + (p & 1);
    if (i + 1 < 4) compareSwap(s[i], s[i + 1]);
  }
  __syncthreads();
  data[2 * t] = s[2 * t];
  data[2 * t + 1] = s[2 * t + 1];
}
