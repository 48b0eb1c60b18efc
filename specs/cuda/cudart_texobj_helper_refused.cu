// spec: a texture object passed through a helper's parameter is refused (the frontend names a texture by the kernel's parameter)
// run: run --block-dim 2
// exit: 2
// stderr: error: unsupported: a texture that is neither a texture reference nor a texture object parameter of the kernel
// why: inside fetchScaled the texture is fetchScaled's own parameter t, a copy of the
//   kernel's: textureStorage accepts a texture reference or a parameter of the kernel only.
__device__ float fetchScaled(cudaTextureObject_t t, int i, float s) {
  return s * tex1Dfetch<float>(t, i);
}

__global__ void scale(cudaTextureObject_t tex, float *out) {
  out[threadIdx.x] = fetchScaled(tex, threadIdx.x, 0.5f);
}
