// spec: litmus (CUDA, through the frontend): the paper's figure 4 kernel under sdv, simt:32, simt-uniform-exit and mimd: the vendor table
// run: litmus --block-dim 4 --model sdv,simt:32,simt-uniform-exit,mimd
// exit: 1
// expect: verdict=violation
// expect: models.sdv.outcomes=[] models.sdv.errors=[{"verdict":"divergence","rule":"G-DIVERGENCE","location":{"line":26,"col":7}}]
// expect: models.simt:32.outcomes=[{"final":{"A":[0,1,0,1,1,0,1,0]}}] models.simt:32.errors=[]
// expect: models.simt-uniform-exit.outcomes=[{"final":{"A":[0,1,2,3,1,2,3,0]}}] models.simt-uniform-exit.errors=[]
// expect: models.mimd.outcomes=[{"final":{"A":[0,1,2,3,3,0,1,2]}}] models.mimd.errors=[]
// why: the paper's figure 4 written in C, A[2][4] flattened row-major (A[0..3] is row 0),
//   row 0 := lid and row 1 := 0 by each thread before the loops (own cells; the first inner
//   barrier, with every thread enabled, merges them: no race). From there the derivation of
//   specs/litmus/fig4.kpl carries over: x = [4,1,1,1], y = [1,4,4,4]. sdv: the second inner
//   iteration has threads 1..3 enabled and thread 0 not: G-DIVERGENCE at the inner barrier
//   (line 26, col 7). simt:32: {{0,1,0,1},{1,0,1,0}}; simt-uniform-exit: {{0,1,2,3},{1,2,3,0}};
//   mimd: {{0,1,2,3},{3,0,1,2}} (the vendor table, vendor-behaviours.md).
__global__ void fig4(void) {
  __shared__ int A[2][4];
  int lid = threadIdx.x;
  A[0][lid] = lid;
  A[1][lid] = 0;
  int x = lid == 0 ? 4 : 1;
  int y = lid == 0 ? 1 : 4;
  int buf = 0;
  for (int i = 0; i < x; i++) {
    for (int j = 0; j < y; j++) {
      __syncthreads();
      A[1 - buf][lid] = A[buf][(lid + 1) % 4];
      buf = 1 - buf;
    }
  }
  __syncthreads();
}
