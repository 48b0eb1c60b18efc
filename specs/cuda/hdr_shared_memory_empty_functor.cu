// spec: the SDK's SharedMemory<T> as the SDK writes it, an empty struct (no fields: a value of no cells), and an empty functor struct passed to a template helper; a missing barrier in the same reduction races
// run: run --kernel sumPairs<true> --block-dim 4 --buffer in=4 --buffer out=2 --init in=1,2,3,4
// exit: 0
// expect: verdict=ok final.out=[3,7]
// run: run --kernel sumPairs<false> --block-dim 4 --buffer in=4 --buffer out=2 --init in=1,2,3,4
// exit: 1
// expect: verdict=race
// why: each thread i stores in[i] in the dynamic shared array; with the barrier, even threads
//   i = 0, 2 read s[i] and s[i + 1] and apply Add (a + b): out[0] = 1 + 2 = 3, out[1] = 3 + 4 = 7.
//   Without the barrier (sumPairs<false>) thread 0 reads s[1], which thread 1 wrote before any
//   barrier: a write-read race on s[1] (threads 0 and 1), reported at the kernel's final barrier.
//   SharedMemory<int> and Add have no fields: values of no cells, nothing to copy.
template <typename T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

struct Add {
  __device__ int operator()(int a, int b) const { return a + b; }
};

template <typename Op> __device__ int combine(Op op, int a, int b) { return op(a, b); }

template <bool Sync> __global__ void sumPairs(const int *in, int *out) {
  int *s = SharedMemory<int>();
  unsigned i = threadIdx.x;
  s[i] = in[i];
  if (Sync) __syncthreads();
  if (i % 2 == 0) out[i / 2] = combine(Add(), s[i], s[i + 1]);
}

template __global__ void sumPairs<true>(const int *, int *);
template __global__ void sumPairs<false>(const int *, int *);
