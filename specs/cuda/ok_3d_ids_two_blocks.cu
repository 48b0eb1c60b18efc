// spec: CUDA 3-D block ids and blockDim, two blocks (GPUVerify spellings --blockDim=[X,Y,Z] --gridDim=N): each thread stores its coordinates at its global id
// run: run --blockDim=[2,2,2] --gridDim=2
// exit: 0
// expect: verdict=ok final.out=[0,100,10,110,1,101,11,111,1000,1100,1010,1110,1001,1101,1011,1111]
// why: blockDim = (2,2,2): the flat local id l = x + 2(y + 2z), lid 0..7 ↦ (0,0,0) (1,0,0)
//   (0,1,0) (1,1,0) (0,0,1) (1,0,1) (0,1,1) (1,1,1). Each thread writes out[8b + l] =
//   1000b + 100x + 10y + z: block 0 fills out[0..7], block 1 out[8..15] (disjoint, no
//   inter-group race).
__global__ void ids(int *out) {
  unsigned l = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  out[blockIdx.x * n + l] = 1000 * blockIdx.x + 100 * threadIdx.x + 10 * threadIdx.y + threadIdx.z;
}
