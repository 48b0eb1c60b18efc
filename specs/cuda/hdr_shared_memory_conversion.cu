// spec: the SDK's SharedMemory<T> idiom with a conversion operator to T* (a temporary: ExprWithCleanups, a user-defined conversion) and __launch_bounds__ lower exactly
// run: run --block-dim 4 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[3,0,1,2]
// why: thread i writes s[i] = i into the dynamic shared array, the barrier, then reads
//   s[(i + 3) % 4]: 3, 0, 1, 2. __launch_bounds__(4) is a hint without effect.
template <typename T> struct SharedMemory {
  int unused;
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__global__ void __launch_bounds__(4) rotate(int *out) {
  int *s = SharedMemory<int>();
  unsigned i = threadIdx.x;
  s[i] = i;
  __syncthreads();
  out[i] = s[(i + 3) % 4];
}
