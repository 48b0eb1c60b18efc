// spec: C++ template kernel that the file never instantiates: --kernel 'saxpy<int, 3>' instantiates it (its arguments parsed by Clang); without --kernel the frontend says how to choose
// run: run --kernel 'saxpy<int, 3>' --block-dim 2 --buffer x=2 --buffer y=2 --init x=1,2 --init y=10,20
// exit: 0
// expect: verdict=ok final.y=[13,26]
// run: run --block-dim 2
// exit: 2
// stderr: template kernel 'saxpy' is never instantiated: choose its arguments with --kernel 'saxpy<ARGS>'
// why: saxpy<int, 3>: y[t] = A * x[t] + y[t] with A = 3: y = [3*1 + 10, 3*2 + 20] = [13, 26].
//   With no instantiation and no --kernel there is no kernel to lower: exit 2.
template <typename T, int A>
__global__ void saxpy(const T* x, T* y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  y[t] = A * x[t] + y[t];
}
