// spec: CUDA race: a partition function summed with `acc += expf(-E)` on one __shared__ variable, without atomics
// run: run --block-dim 2
// exit: 1
// expect: verdict=race
// why: after the barrier both threads read and write acc in the same barrier interval: a race on
//   acc (the expf values do not matter).

/* A partition function accumulated without atomics: every thread adds expf of its energy to
   the same shared cell, so threads 0 and 1 race on it. */
__global__ void partition(const float *energy, float *z) {
  __shared__ float acc;
  int i = threadIdx.x;
  if (i == 0) acc = 0.0f;
  __syncthreads();
  acc += expf(-energy[i]);
  __syncthreads();
  if (i == 0) z[0] = acc;
}
