// spec: CUDA inter-group race in a 2-D grid: blocks (1,0) and (0,1) write the same global cell; group ids reported as (x,y,z)
// run: run --blockDim=1 --gridDim=2,2
// exit: 1
// expect: verdict=race rule=INTER-GROUP-RACE scope=inter-group group=2 threads=[0,0] location.line=15
// expect: accesses.0={"kind":"write","array":"A","index":1,"group":1,"group_id":[1,0,0]}
// expect: accesses.1={"kind":"write","array":"A","index":1,"group":2,"group_id":[0,1,0]}
// run: run --blockDim=1 --gridDim=2,1
// exit: 0
// expect: verdict=ok final.A=[1,1]
// why: flat group g = bx + 2·by: 0 = (0,0), 1 = (1,0), 2 = (0,1), 3 = (1,1). Block (bx,by) writes
//   A[bx + by] = 1: groups 0..3 write A[0], A[1], A[1], A[2]. Groups run in order; when group 2
//   ends, its write of A[1] conflicts with group 1's: race reported for group 2 (line 15).
//   With a 2x1 grid only A[0] and A[1] are written, once each.
__global__ void diag(int *A) {
  A[blockIdx.x + blockIdx.y] = 1;
}
