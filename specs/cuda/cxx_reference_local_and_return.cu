// spec: C++ references into memory: a reference local bound to an element (int& x = A[i]), a const reference parameter reading global memory at its use, a helper returning a reference to an element of a struct array (assigned through), a reference to a struct element
// run: run --block-dim 2 --buffer A=4 --buffer bins=2 --init A=5,6,7,8
// exit: 0
// expect: verdict=ok final.A=[10,6,14,8] final.bins=[1,7,4,14]
// why: Bin is 2 cells (count, sum): bins is cells [count0, sum0, count1, sum1]. Thread t:
//   x = A[2t] (5, then 7); x *= 2 writes A[2t] = 10, 14 through the reference: A = [10, 6, 14, 8].
//   binAt(bins, t) returns bins[t] by reference: its count = t + 1. b = bins[t]; twice(A[2t])
//   reads the element at the call through the const reference: 20, 28. b.sum = 20/2 - 3 + 0 = 7
//   (t = 0), 28/2 - 3 + 3 = 14 (t = 1); b.count += 2t: 1, 2 + 2 = 4. bins = [1, 7, 4, 14].
struct Bin {
  int count;
  int sum;
};
__device__ int twice(const int& v) { return 2 * v; }
__device__ Bin& binAt(Bin* bins, int i) { return bins[i]; }
__global__ void refs(int* A, Bin* bins) {
  int t = threadIdx.x;
  int& x = A[2 * t];
  x *= 2;
  binAt(bins, t).count = t + 1;
  Bin& b = bins[t];
  b.sum = twice(A[2 * t]) / 2 - 3 + 3 * t;
  b.count += 2 * t;
}
