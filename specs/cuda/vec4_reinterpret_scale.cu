// spec: vectorised access: reinterpret_cast<float4*> of a float buffer reads and writes four consecutive float cells per element (the device's 16-byte access)
// run: run --block-dim 2 --buffer data=8 --param s=1073741824 --init data=1065353216,1073741824,1077936128,1082130432,1084227584,1086324736,1088421888,1090519040
// exit: 0
// expect: verdict=ok final.data=[1073741824,1082130432,1086324736,1090519040,1092616192,1094713344,1096810496,1098907648]
// why: data = 1.0f … 8.0f, s = 2.0f (0x40000000). Thread t's float4 element v[t] is cells 4t …
//   4t + 3; scale multiplies each component by 2: 2, 4, 6, 8, 10, 12, 14, 16 = 0x40000000,
//   0x40800000, 0x40c00000, 0x41000000, 0x41200000, 0x41400000, 0x41600000, 0x41800000. The two
//   threads' elements are disjoint: no race.
namespace vec {
template <typename V, typename S> __device__ inline V scale(V a, S s) {
  a.x *= s;
  a.y *= s;
  a.z *= s;
  a.w *= s;
  return a;
}
}  // namespace vec

__global__ void scale4(float* data, float s) {
  float4* v = reinterpret_cast<float4*>(data);
  const unsigned t = threadIdx.x;
  v[t] = vec::scale(v[t], s);
}
