// spec: kernels declared inside extern "C" { … } (as code loaded by name through the driver API, cuModuleGetFunction, declares them), a __device__ helper in the same block, and a second kernel declared with extern "C" before it; --kernel picks one
// run: run --block-dim 4 --buffer A=4 --buffer B=4 --buffer C=4 --param numElements=4 --kernel vectorAdd
// exit: 0
// expect: verdict=ok final.C=[0,1,2,3]
// run: run --block-dim 4 --buffer data=4 --kernel scaleBy
// exit: 0
// expect: verdict=ok final.data=[0,0,0,0]
// run: run --block-dim 4 --buffer A=4 --buffer B=4 --buffer C=4
// exit: 2
// stderr: several kernels (vectorAdd, scaleBy): choose one with --kernel NAME
// why: vectorAdd with numElements = 4: every thread i < 4, j = clampIndex(i, 4) = i, and
//   C[i] = A[i] + B[i] + i = i (buffers start at 0 under run): [0,1,2,3]; each thread writes
//   its own C[i]: no race. scaleBy: data[i] = 3 * data[i] = 0,
//   again its own cell. Without --kernel the file has two kernels: a diagnostic (exit 2),
//   which shows that both are found inside the linkage specifications.
extern "C" {

__device__ int clampIndex(int i, int n) { return i < n ? i : n - 1; }

__global__ void vectorAdd(const int *A, const int *B, int *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements) {
    int j = clampIndex(i, numElements);
    C[j] = A[j] + B[j] + j;
  }
}

}  // extern "C"

extern "C" __global__ void scaleBy(int *data) {
  data[threadIdx.x] = 3 * data[threadIdx.x];
}
