// spec: legacy texture reference: SAXPY reading x through tex1Dfetch (texture<float, 1, cudaReadModeElementType>), y in global memory
// run: run --block-dim 2 --param n=2 --param a=1073741824 --buffer y=2 --init y=1065353216,1065353216
// exit: 0
// expect: verdict=ok final.y=[1065353216,1065353216]
// stderr: note: texture 'texX': a hidden read-only array
// run: run --block-dim 2 --param n=2 --param a=1073741824 --buffer y=2 --init y=1065353216,1065353216 --init __tex_texX=1065353216,1073741824
// exit: 0
// expect: verdict=ok final.y=[1077936128,1084227584]
// run: check --block-dim 2 --param n=2 --param a=1073741824 --buffer y=2
// exit: 0
// expect: verdict=ok
// why: a = 2.0f (bits 0x40000000 = 1073741824), y = [1.0f, 1.0f] (0x3f800000 = 1065353216).
//   The texture's texels are arbitrary: run takes 0.0f, so y[i] = 2 * 0 + 1 = 1.0f. With the
//   texels set to [1.0f, 2.0f]: y[0] = 2 * 1 + 1 = 3.0f (0x40400000 = 1077936128) and
//   y[1] = 2 * 2 + 1 = 5.0f (0x40a00000 = 1084227584). Texture reads never race and each
//   thread reads and writes only y[i]: ok.
texture<float, 1, cudaReadModeElementType> texX;

__global__ void saxpyTex(float a, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * tex1Dfetch(texX, i) + y[i];
}
