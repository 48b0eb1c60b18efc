// spec: a kernel whose contract says the size n is the same in every thread (__requires(__uniform_int(n))) and which asserts, as GPUVerify's regression tests do, that each thread's index is distinct from every other thread's and that the loop bound stays uniform
// run: run --block-dim 4 --buffer a=8 --param n=8
// exit: 0
// expect: verdict=ok final.a=[0,2,4,6,8,10,12,14]
// why: __requires(__uniform_int(n)) assumes n == n' for every pair: n is a parameter, the same everywhere.
//   i = t, t + 4 (while i < 8): a[i] = 2 * i, so a = 0, 2, ..., 14. __assert(__distinct_int(i)) at each
//   head: the pair (t, t') with t != t' has i = t + 4k and i' = t' + 4k (the same k in lock step): distinct.
//   __assert(__uniform_bool(i < n)): i < n is 1 for every thread at k = 0, 1 and 0 for every one at k = 2.
__device__ int twice(int x) { return 2 * x; }

__global__ void fill(int *a, int n) {
  __requires(__uniform_int(n));
  __requires(n > 0);
  for (int i = threadIdx.x; __invariant(__distinct_int(i)), __invariant(__uniform_bool(i < n)), i < n;
       i += blockDim.x)
    a[i] = twice(i);
}
