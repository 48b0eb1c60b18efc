// spec: vectorised access: a float4 store of thread 1 covers data[4..7], which thread 0 reads as a scalar without a barrier: a race on data[4]
// run: run --block-dim 2 --buffer data=12
// exit: 1
// expect: verdict=race accesses.0.array=data accesses.0.index=4 accesses.1.array=data accesses.1.index=4 location.line=16
// why: v[t] is cells 4t … 4t + 3 of data. Thread 0 reads v[0] (cells 0-3) and data[4], then
//   writes v[0]; thread 1 reads v[1] (cells 4-7) and data[8], then writes v[1] = cells 4-7. So
//   thread 1's write of cell 4 (the x of its float4) and thread 0's read of data[4] are not
//   separated by a barrier: a race on data[4], found at the kernel's closing barrier (line 16).
//   No other cell is shared: cell 8 is only read.
__global__ void smooth4(float* data) {
  const unsigned t = threadIdx.x;
  float4* v = reinterpret_cast<float4*>(data);
  float4 a = v[t];
  a.w = a.w + data[4 * t + 4];  // BUG: the next thread's first element, rewritten below
  v[t] = a;
}
