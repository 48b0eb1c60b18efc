// spec: surface objects: a 3-tap blur reading one surface with cudaBoundaryModeZero (neighbours outside read 0) and writing another; with cudaBoundaryModeTrap the first thread's left neighbour is out-of-bounds; in place (one surface read and written) it is a race
// run: run --block-dim 4 --image src=4 --image dst=4 --init __surf_src=1,2,3,4
// exit: 0
// expect: verdict=ok final.__surf_dst=[3,6,9,7] final.__surf_src=[1,2,3,4]
// run: run --block-dim 4 --image src=4 --image dst=4 --init __surf_src=1,2,3,4 -D BOUNDARY=cudaBoundaryModeTrap
// exit: 1
// expect: verdict=out-of-bounds rule=T-RD threads=[0] array=__surf_src index=4 location.line=38
// run: run --block-dim 4 --image src=4 --init __surf_src=1,2,3,4 -D IN_PLACE
// exit: 1
// expect: verdict=race rule=G-RACE
// expect: accesses.0={"array":"__surf_src","index":0} accesses.1={"array":"__surf_src","index":0}
// why: 4 threads, thread x reads elements x − 1, x, x + 1 (surf1Dread at byte 4·(x + d)) of a
//   4-element int surface and writes their sum. Zero mode: elements −1 and 4 are out of range
//   and read 0: dst = [0 + 1 + 2, 1 + 2 + 3, 2 + 3 + 4, 3 + 4 + 0] = [3, 6, 9, 7]; src is only
//   read (read-read is no race). Trap mode (the CUDA default, here spelled out): thread 0's
//   left read (line 38) is at byte −4, out of range: out-of-bounds at cell W·H = 4 (T-RD); it
//   is the first out-of-range access in program order (thread 3's right read comes later). In place (dst is src): thread 0 writes element 0
//   and thread 1 reads it (its left tap) with no barrier between: a race on __surf_src[0],
//   the smallest conflicting cell, reported at the kernel's end (G-RACE).
#ifndef BOUNDARY
#define BOUNDARY cudaBoundaryModeZero
#endif

namespace img {
// The byte coordinate of element x of a surface of T (surf*D take x in bytes).
template <typename T>
__device__ int byteX(int x) { return x * (int)sizeof(T); }
}  // namespace img

#ifdef IN_PLACE
__global__ void blur3(cudaSurfaceObject_t src) {
#define DST src
#else
__global__ void blur3(cudaSurfaceObject_t src, cudaSurfaceObject_t dst) {
#define DST dst
#endif
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int left = surf1Dread<int>(src, img::byteX<int>(x - 1), BOUNDARY);
  const int mid = surf1Dread<int>(src, img::byteX<int>(x), BOUNDARY);
  const int right = surf1Dread<int>(src, img::byteX<int>(x + 1), BOUNDARY);
  surf1Dwrite(left + mid + right, DST, img::byteX<int>(x));
}
