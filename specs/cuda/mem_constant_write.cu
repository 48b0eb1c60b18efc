// spec: CUDA write to a __constant__ array from device code is the verdict constant-write (lowest writing thread, nothing written)
// run: run --block-dim 4 --init data=5,5,5,5
// exit: 1
// expect: verdict=constant-write rule=T-WR threads=[2] location.line=21
// run: check --block-dim 4
// exit: 1
// expect: verdict=constant-write
// why: scale is __constant__: a `const global` array in KPL. Every thread first reads
//   scale[i] and scales its own data[i] (no conflict); then threads 2 and 3 (i >= 2) write
//   scale[i] (line 21) to "consume" the weight. A write to constant memory is the verdict
//   constant-write at that statement, naming the lowest enabled writer, 2. The index 2 is in
//   bounds (scale has 4 cells), so the bounds check, done first, passes. check reaches the
//   same statement for every explored value (no control flow depends on data).
__constant__ int scale[4] = {1, 2, 3, 4};

__device__ int weighted(const int *data, int i) { return data[i] * scale[i]; }

__global__ void rescale(int *data) {
  int i = threadIdx.x;
  data[i] = weighted(data, i);
  if (i >= 2) scale[i] = 0;  // wrong: constant memory is read-only on the device
}
