// spec: one extern __shared__ char buffer carved into a float array and an int array (several views of the same bytes): an off-by-one offset makes the int array start inside the float array's last element (a race on those bytes); the correct offset 4 * n is ok
// run: check --block-dim 4 --kernel splitOffByOne --dynamic-shared-bytes 32 --buffer out=4
// exit: 1
// expect: verdict=race accesses.0.array=smem accesses.0.index=12 accesses.1.array=smem accesses.1.index=12
// run: run --block-dim 4 --kernel split --dynamic-shared-bytes 32 --buffer out=4
// exit: 0
// expect: verdict=ok final.out=[1065353216,1073741824,1077936128,1082130432]
// run: check --block-dim 4 --kernel split --dynamic-shared-bytes 32 --buffer out=4
// exit: 0
// expect: verdict=ok
// why: smem is 32 one-byte cells; a float or int view reads word k as bytes 4k .. 4k + 3. n =
//   blockDim.x = 4. split: weights = bytes 0..15 (floats 0..3), counts = (int*)(smem + 4 * n) =
//   bytes 16..31: disjoint. Thread t writes weights[t] = 1.0f and counts[t] = t + 1 (its own
//   bytes), then after the barrier reads both: out[t] = weights[t] * counts[t] = t + 1 as float:
//   1.0 = 0x3f800000 = 1065353216, 2.0 = 1073741824, 3.0 = 1077936128, 4.0 = 1082130432. No byte
//   is written by two threads and the reads come after the barrier: ok (check).
//   splitOffByOne computes the offset with n - 1: counts = bytes 12..27, so counts[0] (thread 0)
//   is bytes 12..15, the same bytes as weights[3] (thread 3), both written before the barrier: a
//   write-write race between threads 0 and 3, on byte 12 first (the lowest byte of each word is
//   written first).
__global__ void split(float* out) {
  extern __shared__ char smem[];
  const int n = blockDim.x, t = threadIdx.x;
  float* weights = reinterpret_cast<float*>(smem);
  int* counts = reinterpret_cast<int*>(smem + sizeof(float) * n);
  weights[t] = 1.0f;
  counts[t] = t + 1;
  __syncthreads();
  out[t] = weights[t] * counts[t];
}

__global__ void splitOffByOne(float* out) {
  extern __shared__ char smem[];
  const int n = blockDim.x, t = threadIdx.x;
  float* weights = reinterpret_cast<float*>(smem);
  int* counts = reinterpret_cast<int*>(smem + sizeof(float) * (n - 1));  // bug: n - 1
  weights[t] = 1.0f;
  counts[t] = t + 1;
  __syncthreads();
  out[t] = weights[t] * counts[t];
}
