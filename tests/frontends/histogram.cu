// Atomics and a switch with fallthrough.
__global__ void histogram(const unsigned char *data, unsigned *bins, int *stats) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned char v = data[i];
  atomicAdd(&bins[v % 4], 1u);
  switch (v & 3) {
    case 0:
      atomicInc(&bins[4], 100u);
    case 1:
      atomicMax(&stats[0], (int)v);
      break;
    default:
      atomicSub(&stats[1], 1);
  }
}
