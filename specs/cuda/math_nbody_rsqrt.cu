// spec: CUDA n-body force in one dimension with rsqrtf and a softening term, positions staged in __shared__ memory behind __syncthreads
// run: run --block-dim 3 --init x=0,1065353216,1077936128 --buffer x=3 --buffer f=3
// exit: 0
// expect: verdict=ok final.f=[1062369873,-1090946092,-1096058675]
// why: x = 0, 1, 3. pull(xi, xj) = d * inv * inv * inv with d = xj - xi, inv = rsqrtf(d*d + 0.25)
//   (sdvmc's rsqrt is 1 / sqrtf, each rounded). Body 0: d = 1 → inv = 1/sqrtf(1.25), pull =
//   0.71554172; d = 3 → 1/sqrtf(9.25), pull = 0.106637172; sum 0.8221789 (0x3f527a51 =
//   1062369873). Body 1: -0.71554172 + 0.228268847 (d = 2, 1/sqrtf(4.25)) = -0.487272859
//   (0xbef97bd4 = -1090946092). Body 2: -0.106637172 - 0.228268847 = -0.334906012 (0xbeab78cd =
//   -1096058675). Computed with glibc's sqrtf in an independent C program, in the kernel's order
//   (j ascending, acc from 0). The reads of sx[] follow the barrier: no race.

/* An n-body force step in one dimension: the bodies' positions are staged in shared memory,
   then each thread sums the softened inverse-square pulls of the others with rsqrtf. */
#define N 3
#define EPS2 0.25f

__device__ float pull(float xi, float xj) {
  float d = xj - xi;
  float inv = rsqrtf(d * d + EPS2);
  return d * inv * inv * inv;
}

__global__ void forces(const float *x, float *f) {
  __shared__ float sx[N];
  int i = threadIdx.x;
  sx[i] = x[i];
  __syncthreads();
  float acc = 0.0f;
  for (int j = 0; j < N; ++j)
    if (j != i) acc += pull(sx[i], sx[j]);
  f[i] = acc;
}
