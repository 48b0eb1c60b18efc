//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=2
//possible\s*write-write\s*race\s*on\s*out

// Block 0 writes 1 and block 1 writes 2 to out[0] and out[1]: an inter-block race.
__global__ void stamp(int *out) {
  out[threadIdx.x] = blockIdx.x + 1;
}
