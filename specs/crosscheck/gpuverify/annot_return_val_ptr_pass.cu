//pass
//--blockDim=4 --gridDim=1

// A row accessor whose postcondition names its result (__return_val_ptr): row r of a matrix
// of width 2 starts r * 2 cells (r * 8 bytes) into m. Each thread writes its own row.
__device__ int *row(int *m, int r) {
  __ensures(__return_val_ptr() == m + r * 2);
  __ensures(__ptr_offset_bytes(__return_val_ptr()) == r * 8);
  return m + r * 2;
}

__global__ void fill(int *m) {
  int *p = row(m, threadIdx.x);
  p[0] = threadIdx.x;
  p[1] = 1;
}
