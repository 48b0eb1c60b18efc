// spec: a surface write (surf2Dwrite on a cudaSurfaceObject_t) needs the surface's size: without --image it is refused at the surface argument; with it the fill runs; a row beyond a 1D size is out-of-bounds (cudaBoundaryModeTrap)
// run: run --block-dim 2,2
// exit: 2
// stderr: cudart_surf2dwrite_no_size.cu:30:18: error: unsupported: surface 'surf' without a size: give its width and height in elements with --image surf=W (1D) or --image surf=WxH (2D)
// run: run --block-dim 2,2 --image surf=2x2 --param v=7
// exit: 0
// expect: verdict=ok final.__surf_surf=[7,7,7,7]
// run: run --block-dim 2,2 --image surf=2 --param v=7
// exit: 1
// expect: verdict=out-of-bounds rule=T-WR threads=[2] array=__surf_surf index=2 location.line=30
// run: run --block-dim 2,2 --image other=4 --image surf=2x2 --param v=7
// exit: 2
// stderr: error: --image other=4: the kernel accesses no surface or image 'other'
// run: run --block-dim 2,2 --image surf=3x
// exit: 2
// stderr: error: --image expects NAME=W or NAME=WxH with W·H from 1 to 2147483647, not 'surf=3x'
// why: the surface's bounds decide its out-of-bounds verdicts, so the lowering needs its width
//   and height (--image, in elements); without them it says so at the surface argument (line
//   30, col 18: `  surf2Dwrite(v, ` is 17 characters). With 2x2, thread (x, y) writes v
//   = 7 at byte x·4, row y: element (x, y), cell 2y + x; the four threads cover cells 0..3
//   once each: [7, 7, 7, 7]. --image surf=4 is a 1D size (4x1): surf2Dwrite is a 2D access
//   of a surface of 2x1 elements: threads (0, 1) and (1, 1) (thread ids 2 and 3) write row
//   y = 1 ≥ H = 1, out of range, and cudaBoundaryModeTrap (the default) makes that the
//   out-of-bounds verdict, reported at cell W·H = 2 for the lowest such thread, 2 (T-WR).
//   An --image naming no surface of the kernel is an error, and so is a size without its height
//   after the x.
__global__ void fillSurface(cudaSurfaceObject_t surf, int v) {
  int x = threadIdx.x;
  int y = threadIdx.y;
  surf2Dwrite(v, surf, x * (int)sizeof(int), y);
}
