// Pointer arithmetic with a statically known base, private arrays, constant memory.
__constant__ int weights[4] = {1, 2, 3, 4};

__device__ int dot(const int *v, int n) {
  int sum = 0;
  for (int k = 0; k < n; k++) sum += v[k] * weights[k];
  return sum;
}

__global__ void pointers(int *A) {
  int *row = A + 4 * threadIdx.x;
  int local[4];
  for (int k = 0; k < 4; k++) local[k] = row[k];
  local[threadIdx.x % 4] += 1;
  int *p = &row[0];
  while (p < row + 4) *p++ = 0;
  row[0] = dot(local, 4) + (int)(p - row);
}
