// spec: texture object (cudaTextureObject_t kernel parameter) read with tex1Dfetch<int>: the same texel read twice gives the same value (texture memory does not change during a launch); a forward difference
// run: run --block-dim 2 --buffer out=2 --init __tex_img=3,5,9
// exit: 0
// expect: verdict=ok final.out=[2,4]
// run: check --block-dim 2 --buffer out=2
// exit: 0
// expect: verdict=ok
// why: the texture's texels are a hidden array that nothing writes: both reads of texel i
//   read the same cell, so a == b holds on every path (check explores the texels over 0..1).
//   With texels [3, 5, 9]: out[0] = 5 - 3 = 2, out[1] = 9 - 5 = 4.
__global__ void forwardDiff(cudaTextureObject_t img, int *out) {
  int i = threadIdx.x;
  int a = tex1Dfetch<int>(img, i);
  int b = tex1Dfetch<int>(img, i);
  assert(a == b);
  out[i] = tex1Dfetch<int>(img, i + 1) - a;
}
