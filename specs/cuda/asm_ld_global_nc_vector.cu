// spec: inline PTX vector loads ld.global.nc.v4.u32 / .v2.f32 through uint4* / float2*: element i is the read of component i's cell; the reads race with another thread's write; through a float* the load is refused (its 16-byte alignment is not modelled)
// run: run --kernel rotate4 --block-dim 2 --buffer in=2 --buffer out=8 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[2,3,4,1,6,7,8,5]
// run: run --kernel sum2 --block-dim 2 --buffer in=2 --buffer out=2 --init in=1065353216,1073741824,1077936128,1082130432
// exit: 0
// expect: verdict=ok final.out=[1077936128,1088421888]
// run: run --kernel shiftIntoNext --block-dim 2 --buffer data=3
// exit: 1
// expect: verdict=race rule=G-RACE
// run: run --kernel loadScalar --block-dim 2 --buffer in=8 --buffer out=2
// exit: 2
// stderr: error: unsupported: inline PTX instruction 'ld.global.nc.v4.f32' through a pointer to 4-byte scalars
// why: PTX's ld.global.nc.v4.u32 {a, b, c, d}, [p] loads the four 32-bit words at p, p + 4,
//   p + 8, p + 12: through a uint4* those are the x, y, z, w cells of element *p. rotate4:
//   thread t loads in[t] = (4t + 1, 4t + 2, 4t + 3, 4t + 4) and writes y, z, w, x to out[4t
//   … 4t + 3]: [2, 3, 4, 1, 6, 7, 8, 5]. sum2: in = 1.0f, 2.0f, 3.0f, 4.0f (bit patterns);
//   thread t loads float2 in[t] and adds x + y: 3.0f = 0x40400000 = 1077936128, 7.0f =
//   0x40e00000 = 1088421888. shiftIntoNext: thread 0 reads cells 0..3 (element 0) and writes
//   cell 4; thread 1 reads cells 4..7 (element 1): thread 1's read of cell 4 and thread 0's
//   write of it, no barrier between: a race (G-RACE at the end of the kernel). loadScalar
//   loads through a const float *, whose 16-byte alignment PTX requires and the model does
//   not track: refused at the asm statement (exit 2).
namespace ldg {
__device__ __forceinline__ uint4 load4(const uint4 *p) {
  uint4 r;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w) : "l"(p));
  return r;
}

__device__ __forceinline__ float2 load2(const float2 *p) {
  float2 r;
  asm volatile("ld.global.nc.v2.f32 {%0, %1}, [%2];" : "=f"(r.x), "=f"(r.y) : "l"(p));
  return r;
}
}  // namespace ldg

__global__ void rotate4(const uint4 *in, unsigned int *out) {
  const unsigned int t = threadIdx.x;
  uint4 v = ldg::load4(in + t);
  out[4 * t + 0] = v.y;
  out[4 * t + 1] = v.z;
  out[4 * t + 2] = v.w;
  out[4 * t + 3] = v.x;
}

__global__ void sum2(const float2 *in, float *out) {
  float2 v = ldg::load2(in + threadIdx.x);
  out[threadIdx.x] = v.x + v.y;
}

__global__ void shiftIntoNext(uint4 *data) {
  uint4 v = ldg::load4(data + threadIdx.x);
  unsigned int *cells = reinterpret_cast<unsigned int *>(data);
  cells[4 * threadIdx.x + 4] = v.x + v.y + v.z + v.w;
}

__global__ void loadScalar(const float *in, float *out) {
  float a, b, c, d;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(in + 4 * threadIdx.x));
  out[threadIdx.x] = a + b + c + d;
}
