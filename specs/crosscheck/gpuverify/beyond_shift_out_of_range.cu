//pass
//--blockDim=4 --gridDim=1

// Each thread writes its own cell: no race, no barrier. Thread 2 shifts 1 by 2 * 16 = 32
// bits, outside 0..31 for a 32-bit int: undefined in C++ (CUDA; OpenCL C would mask the
// amount, which is why this kernel is CUDA). GPUVerify does not look for shift ranges:
// pass. sdvmc reports the shift: class "beyond" (sdvmc found more).
__global__ void flags(int *out) {
  int i = threadIdx.x;
  out[i] = 1 << (i * 16);
}
