// spec: prove without launch options: a file of two kernels is refused, located, until --kernel picks one (the quiet probe lowering that finds the dimensions reports nothing of its own); the picked kernel is proved for every block size of its one dimension
// run: prove
// exit: 2
// stderr: no_launch_kernel_choice.cu:20:17: error: several kernels (scale, shift): choose one with --kernel NAME
// run: prove --kernel scale
// exit: 0
// expect: verdict=ok bound.mode="every-size" bound.dimensions=1 bound.threads="1..1024"
// why: without launch options prove lowers the kernel first with three free dimensions to see
//   which it reads; that lowering fails as the real one does (two __global__ functions, no
//   --kernel), and only the real one reports it: once, at the second kernel's name (line 20,
//   column 17), exit 2. scale reads threadIdx.x and blockDim.x only: one dimension, CUDA's
//   1,024-thread limit; thread t writes A[t] alone (no barrier, distinct cells for every block
//   size): ok.
__global__ void scale(int *A) {
  const unsigned t = threadIdx.x;
  if (t < blockDim.x) A[t] = 2 * A[t];
}

// Another kernel in the same file.
__global__ void shift(int *A) { A[threadIdx.x] = A[threadIdx.x] + 1; }
