// spec: C++ class with a method incrementing a counter through a reference into shared memory: every thread bumping the same cell races; the per-thread cell version and the atomic version do not
// run: run --kernel bumpShared --block-dim 2 --buffer out=1
// exit: 1
// expect: verdict=race
// run: run --kernel bumpOwn --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok final.out=[3,3]
// run: run --kernel bumpAtomic --block-dim 2 --buffer out=1
// exit: 0
// expect: verdict=ok final.out=[6]
// why: Counter::bump(c) adds step (3) to c through the reference. bumpShared: both threads
//   read and write hits[0] before any barrier: a race. bumpOwn: thread t bumps hits[t] once:
//   0 + 3 = 3 each, copied to out after the barrier. bumpAtomic: bumpAtomically uses atomicAdd
//   on the reference's address, atomic accesses do not race: 0 + 3 + 3 = 6.
struct Counter {
  int step = 3;
  __device__ void bump(int& c) const { c += step; }
  __device__ void bumpAtomically(int& c) const { atomicAdd(&c, step); }
};
__global__ void bumpShared(int* out) {
  __shared__ int hits[1];
  if (threadIdx.x == 0) hits[0] = 0;
  __syncthreads();
  Counter k;
  k.bump(hits[0]);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = hits[0];
}
__global__ void bumpOwn(int* out) {
  __shared__ int hits[2];
  int t = threadIdx.x;
  hits[t] = 0;
  Counter k;
  k.bump(hits[t]);
  __syncthreads();
  out[t] = hits[t];
}
__global__ void bumpAtomic(int* out) {
  __shared__ int hits[1];
  if (threadIdx.x == 0) hits[0] = 0;
  __syncthreads();
  Counter k;
  k.bumpAtomically(hits[0]);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = hits[0];
}
