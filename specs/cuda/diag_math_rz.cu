// spec: CUDA diagnostic: the directed-rounding intrinsic __fmul_rz is refused by name (only the _rn forms are lowered)
// run: run --block-dim 1
// exit: 2
// stderr: diag_math_rz.cu:9:10: error: unsupported: __fmul_rz (directed rounding; only the round-to-nearest _rn forms are lowered)
// why: line 9, column 10 (after `  a[i] = `) calls __fmul_rz: KPL's fmul rounds to nearest.

__global__ void k(float *a) {
  int i = threadIdx.x;
  a[i] = __fmul_rz(a[i], 3.0f);
}
