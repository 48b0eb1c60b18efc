// spec: CUDA external function (separate compilation, -rdc=true): a __device__ function declared without a body returns an arbitrary value; a plain histogram update through it races, the atomic one does not
// run: run --kernel bucketCountPlain --block-dim 2 --buffer keys=2 --buffer counts=4 --param nbuckets=4
// exit: 1
// expect: verdict=race threads=[0,1] location.line=33
// stderr: note: 'hash32' has no body: its result is arbitrary
// run: check --kernel bucketCountPlain --block-dim 2 --buffer keys=2 --buffer counts=4 --param nbuckets=4
// exit: 1
// expect: verdict=race
// run: run --kernel bucketCountAtomic --block-dim 2 --buffer keys=2 --buffer counts=4 --param nbuckets=4
// exit: 0
// expect: verdict=ok final.counts=[2,0,0,0]
// run: check --kernel bucketCountAtomic --block-dim 2 --buffer keys=2 --buffer counts=4 --param nbuckets=4
// exit: 0
// expect: verdict=ok
// why: hash32 has no body, so each call's result is an arbitrary unsigned value (GPUVerify's
//   reading of an external function). `run` takes 0 for it: both threads compute
//   bucketOf = 0 % 4 = 0 and both do counts[0] += 1 (a read then a write of the same cell by
//   threads 0 and 1 before any barrier): a write-write race on counts[0] between threads 0 and 1, reported at the kernel's closing barrier (line 33), the writes at line 32. `check`
//   finds one too (the run's values are among those it explores). With atomicAdd the two
//   updates are atomic and never race; run: counts[0] = 0 + 1 + 1 = 2, the others stay 0.
//   check explores hash values 0..1 per thread: the bucket is h % 4 (unsigned), 0 or 1, always
//   inside counts[4], and atomics never race: ok.
extern __device__ unsigned int hash32(unsigned int key);

__device__ int bucketOf(unsigned int key, int nbuckets) {
  return hash32(key) % nbuckets;
}

__global__ void bucketCountPlain(const unsigned int *keys, int *counts, int nbuckets) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = bucketOf(keys[i], nbuckets);
  counts[b] += 1;
}

__global__ void bucketCountAtomic(const unsigned int *keys, int *counts, int nbuckets) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = bucketOf(keys[i], nbuckets);
  atomicAdd(&counts[b], 1);
}
