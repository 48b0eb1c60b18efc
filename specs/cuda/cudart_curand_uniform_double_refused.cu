// spec: cuRAND curand_uniform_double is refused (its double formula is not lowered), at the call
// run: run --block-dim 2
// exit: 2
// stderr: cudart_curand_uniform_double_refused.cu:13:22: error: unsupported: call to 'curand_uniform_double'
// why: only curand, curand_uniform, curand_normal, curand4, curand_uniform4, curand_normal2/4
//   and curand_init are in the builtin table; the other functions our curand_kernel.h declares
//   are refused by name at the call (line 13, column 22).
#include <curand_kernel.h>

__global__ void uniformDoubles(double *out) {
  curandState s;
  curand_init(1234, threadIdx.x, 0, &s);
  out[threadIdx.x] = curand_uniform_double(&s);
}
