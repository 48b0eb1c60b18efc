// launch: --kernel 'vllm::scaled_fp8_quant_vec_kernel<float>' --block-dim 256 --grid-dim 132 --param num_elems=151655 --buffer input=151655 --buffer out=151655 --init scale=1065353216
// origin: written here; the fix of out-of-bounds tail of a vectorised (float4) loop
// expect: run ok
// why: the minimal fix of scaled_fp8_quant_vec_tail_before.cu; with num_vecs = 151655 / 4 = 37913 whole vectors, the largest load covers cells
//   151648..151651; the tail loop gives elements 151652..151654 to global threads 0..2 (block 0),
//   once each. Every cell of input is read in bounds and every cell of out written once by one
//   thread: ok.
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

  const int64_t num_vecs = num_elems / VEC;
  const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
  for (int64_t v = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; v < num_vecs; v += stride) {
    const vec_t in = in_vec[v];
    out[v * VEC + 0] = __nv_fp8_e4m3(in.x * inv_scale);
    out[v * VEC + 1] = __nv_fp8_e4m3(in.y * inv_scale);
    out[v * VEC + 2] = __nv_fp8_e4m3(in.z * inv_scale);
    out[v * VEC + 3] = __nv_fp8_e4m3(in.w * inv_scale);
  }
  // The tail that does not fill a vector, element by element.
  for (int64_t i = num_vecs * VEC + static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < num_elems;
       i += stride) {
    out[i] = __nv_fp8_e4m3(input[i] * inv_scale);
  }
}

template __global__ void scaled_fp8_quant_vec_kernel<float>(__nv_fp8_e4m3*, const float*, const float*,
                                                            const int64_t);

}  // namespace vllm
