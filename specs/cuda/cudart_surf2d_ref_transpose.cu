// spec: surface references (surface<void, 2>): a transpose reads one surface with surf2Dread and writes another with surf2Dwrite; launched with more blocks than the surfaces are wide, a read beyond the width is out-of-bounds (cudaBoundaryModeTrap, the default); a misaligned byte coordinate is out-of-bounds too
// run: run --block-dim 2,2 --image inSurf=2x2 --image outSurf=2x2 --init __surf_inSurf=1,2,3,4
// exit: 0
// expect: verdict=ok final.__surf_outSurf=[1,3,2,4]
// run: run --block-dim 2,2 --image inSurf=2x2 --image outSurf=2x2 --init __surf_inSurf=1,2,3,4 -D LEGACY_READ
// exit: 0
// expect: verdict=ok final.__surf_outSurf=[1,3,2,4]
// run: run --block-dim 2,2 --grid-dim 2,1 --image inSurf=2x2 --image outSurf=2x2
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD group=1 threads=[0] array=__surf_inSurf index=4 location.line=38
// run: run --block-dim 2,2 --image inSurf=2x2 --image outSurf=2x2 -D ELEM_BYTES=2
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[1] array=__surf_inSurf index=4 location.line=38
// why: element (x, y) of a 2x2 surface is cell 2y + x, at byte coordinate 4x. Thread (x, y)
//   reads inSurf (x, y) = cell 2y + x and writes it to outSurf (y, x) = cell 2x + y: out[0] =
//   in[0] = 1, out[1] = in[2] = 3, out[2] = in[1] = 2, out[3] = in[3] = 4; the same with the legacy
//   read surf2Dread(&v, …), which stores the element through the pointer. Two blocks in x:
//   block 1's threads have x = 2, 3, beyond the width 2: block 0 runs clean, then thread 0 of
//   block 1 (x = 2, y = 0) reads byte 8 ≥ 4·2: cudaBoundaryModeTrap, out-of-bounds at cell
//   W·H = 4 (T-RD, line 38). With a 2-byte stride (ELEM_BYTES=2, a bug computing the byte
//   offset) thread (1, 0) reads byte 2, which is not a multiple of sizeof(int): undefined in
//   CUDA, reported as out-of-bounds at cell 4 (thread 0 reads byte 0, fine; threads 2, 3 are
//   (0, 1), (1, 1): thread 1 is the lowest misaligned one).
#ifndef ELEM_BYTES
#define ELEM_BYTES ((int)sizeof(int))
#endif

surface<void, 2> inSurf;
surface<void, 2> outSurf;

__global__ void transpose() {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
#ifdef LEGACY_READ
  int v;
  surf2Dread(&v, inSurf, x * ELEM_BYTES, y);  // the element read is stored through the pointer
#else
  const int v = surf2Dread<int>(inSurf, x * ELEM_BYTES, y);
#endif
  surf2Dwrite(v, outSurf, y * (int)sizeof(int), x);
}
