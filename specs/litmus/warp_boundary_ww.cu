// spec: litmus (CUDA, through the frontend): lanes 1 and 2 write one cell in successive statements: ordered by lock step when one warp holds both (simt:3, simt:4), an inter-warp race when the warp boundary separates them (simt:2), a race under mimd and sdv
// run: litmus --block-dim 4 --model sdv,simt:2,simt:3,simt:4,simt-uniform-exit,mimd
// exit: 1
// expect: verdict=violation
// expect: models.sdv.outcomes=[] models.sdv.errors=[{"verdict":"race","rule":"G-RACE","location":{"line":26}}]
// expect: models.simt:2.outcomes=[] models.simt:2.errors=[{"verdict":"race","rule":"SIMT-RACE","location":{"line":21}},{"verdict":"race","rule":"SIMT-RACE","location":{"line":24}}]
// expect: models.simt:3.outcomes=[{"final":{"A":[2]}}] models.simt:3.errors=[]
// expect: models.simt:4.outcomes=[{"final":{"A":[2]}}] models.simt:4.errors=[]
// expect: models.simt-uniform-exit.outcomes=[{"final":{"A":[2]}}] models.simt-uniform-exit.errors=[]
// expect: models.mimd.outcomes=[] models.mimd.errors=[{"verdict":"race","rule":"MIMD-RACE","location":{"line":21}},{"verdict":"race","rule":"MIMD-RACE","location":{"line":24}}]
// why: the CUDA form of specs/litmus/warp_boundary_ww.kpl: lane 1 writes A[0] := 1 (line 21),
//   then lane 2 writes A[0] := 2 (line 24). sdv: W_1 and W_2 both hold A[0]: G-RACE at the
//   kernel's end (closing brace, line 26). One warp holding lanes 1 and 2 (simt:3, simt:4,
//   simt-uniform-exit) runs the two ifs in order on one memory: A = [2]. simt:2 puts lane 1
//   in warp 0 and lane 2 in warp 1: the two writes conflict with no barrier between, in
//   either order: races at line 21 or 24. mimd: the same between threads 1 and 2.
#include "cuda.h"
__global__ void boundary(void) {
  __shared__ int A[1];
  if (threadIdx.x == 1) {
    A[0] = 1;
  }
  if (threadIdx.x == 2) {
    A[0] = 2;
  }
}
