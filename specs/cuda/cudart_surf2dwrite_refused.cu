// spec: surface writes (surf2Dwrite on a cudaSurfaceObject_t) are refused at the call
// run: run --block-dim 2,2
// exit: 2
// stderr: error: unsupported: 'surf2Dwrite' (surfaces are not modelled)
// why: surfaces are writable texture memory addressed in bytes; the frontend does not model
//   them, and says so at the call rather than mistranslating it.
__global__ void fillSurface(cudaSurfaceObject_t surf, float v) {
  int x = threadIdx.x;
  int y = threadIdx.y;
  surf2Dwrite(v, surf, x * (int)sizeof(float), y);
}
