// spec: litmus (OpenCL, through the frontend): a thread reads its neighbour's write without a barrier: visible in lock step within one warp (simt:4), a race across warps (simt:2, simt:1, mimd), a race under sdv
// run: litmus --local-size 4 --model sdv,simt:1,simt:2,simt:4,simt-uniform-exit,mimd
// exit: 1
// expect: verdict=violation
// expect: models.sdv.outcomes=[] models.sdv.errors=[{"verdict":"race","rule":"G-RACE","location":{"line":28}}]
// expect: models.simt:1.outcomes=[] models.simt:1.errors=[{"verdict":"race","rule":"MIMD-RACE","location":{"line":25}},{"verdict":"race","rule":"MIMD-RACE","location":{"line":26}}]
// expect: models.simt:2.outcomes=[] models.simt:2.errors=[{"verdict":"race","rule":"SIMT-RACE","location":{"line":25}},{"verdict":"race","rule":"SIMT-RACE","location":{"line":26}}]
// expect: models.simt:4.outcomes=[{"final":{"A":[1,2,3,4],"B":[2,3,4,1]}}] models.simt:4.errors=[]
// expect: models.simt-uniform-exit.outcomes=[{"final":{"A":[1,2,3,4],"B":[2,3,4,1]}}] models.simt-uniform-exit.errors=[]
// expect: models.mimd.outcomes=[] models.mimd.errors=[{"verdict":"race","rule":"MIMD-RACE","location":{"line":25}},{"verdict":"race","rule":"MIMD-RACE","location":{"line":26}}]
// why: the OpenCL form of specs/litmus/neighbour_read.kpl, whose derivation carries over: thread i
//   writes A[i] := i+1 (line 25), reads A[(i+1)%4] (line 26, col 11: the read of A inside the
//   initialiser), writes B[i]. A and B are __local without initialiser (arbitrary), but no model
//   reads a cell nobody wrote before reading it except sdv and the warp models that race anyway.
//   sdv: each thread reads its own shadow; at the kernel's end (the implicit barrier, the closing
//   brace, line 28) R_0 = {A[1]} meets W_1 = {A[1], B[1]}: G-RACE. simt:4, simt-uniform-exit: one
//   warp in lock step on one memory: A = [1,2,3,4] is stored before the read: B = [2,3,4,1].
//   simt:2: W0 = {0,1} reads A[2], which W1 writes, with no barrier between: every execution
//   races, at the write (line 25) or at the read (line 26), whichever comes second. mimd and
//   simt:1: thread 0 reads A[1], thread 1 writes it: the same two race locations.
__kernel void neighbour(void) {
  __local int A[4];
  __local int B[4];
  int i = get_local_id(0);
  A[i] = i + 1;
  int t = A[(i + 1) % 4];
  B[i] = t;
}
