// launch: --kernel 'vllm::scaled_fp8_quant_vec_kernel<float>' --block-dim 256 --grid-dim 132 --param num_elems=151655 --buffer input=151655 --buffer out=151655 --init scale=1065353216
// origin: written here; bug class: out-of-bounds tail of a vectorised (float4) loop
// expect: run out-of-bounds line=33 group=16
// why: a [1, 151655] float tensor (a vocabulary-sized row; 151655 = 4 * 37913 + 3) is quantised
//   4 elements per float4 load, grid-stride over 132 blocks (one per SM) of 256 threads = 33792
//   threads. num_vecs rounds up: (151655 + 3) / 4 = 37914 vectors, the last one (v = 37913)
//   covering cells 151652..151655 of an input of 151655 cells (0..151654). v = 37913 is
//   reached in the second iteration by global thread 37913 - 33792 = 4121 = block 16, thread 25
//   (16 * 256 + 25). The float4 load reads cells 151652, 151653, 151654 and then 151655: out of
//   bounds. Blocks 0..15 only load whole vectors below it (largest v = 4095 + 33792 = 37887),
//   blocks run in order, so the verdict is out-of-bounds on input[151655], block 16, thread 25,
//   at the load. scale is 1.0f (bits 1065353216).
#include <cuda_runtime.h>
#include <cuda_fp8.h>
#include <cstdint>

namespace vllm {

template <typename scalar_t>
__global__ void scaled_fp8_quant_vec_kernel(__nv_fp8_e4m3* __restrict__ out,
                                            const scalar_t* __restrict__ input,
                                            const float* __restrict__ scale,
                                            const int64_t num_elems) {
  using vec_t = float4;
  constexpr int VEC = sizeof(vec_t) / sizeof(scalar_t);
  static_assert(VEC == 4, "float input: 4 per float4");
  const float inv_scale = 1.0f / scale[0];
  const vec_t* in_vec = reinterpret_cast<const vec_t*>(input);

  const int64_t num_vecs = (num_elems + VEC - 1) / VEC;  // BUG: the last vector runs past num_elems
  const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
  for (int64_t v = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < num_vecs; v += stride) {
    const vec_t in = in_vec[v];
    out[v * VEC + 0] = __nv_fp8_e4m3(in.x * inv_scale);
    out[v * VEC + 1] = __nv_fp8_e4m3(in.y * inv_scale);
    out[v * VEC + 2] = __nv_fp8_e4m3(in.z * inv_scale);
    out[v * VEC + 3] = __nv_fp8_e4m3(in.w * inv_scale);
  }
}

template __global__ void scaled_fp8_quant_vec_kernel<float>(__nv_fp8_e4m3*, const float*, const float*,
                                                            const int64_t);

}  // namespace vllm
