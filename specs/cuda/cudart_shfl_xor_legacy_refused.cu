// spec: the legacy (pre-CUDA 9) butterfly reduction with __shfl_xor on floats is refused
// run: run --block-dim 32
// exit: 2
// stderr: error: unsupported: '__shfl_xor', a warp-level primitive
// why: __shfl_xor without a mask is the deprecated form of __shfl_xor_sync; both read other
//   lanes' registers and are refused under SDV.
__global__ void butterfly(float *data) {
  float v = data[threadIdx.x];
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor(v, mask);
  data[threadIdx.x] = v;
}
