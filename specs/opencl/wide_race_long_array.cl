// spec: OpenCL long array: two threads writing the same long race (on its words); a barrier between the rounds removes the race
// run: run --local-size 4 --param sync=0
// exit: 1
// expect: verdict=race rule=G-RACE location.line=21
// run: run --local-size 4 --param sync=1
// exit: 0
// expect: verdict=ok final.A=[0,0,1,1,2,2,3,3]
// run: check --local-size 4 --param sync=0..1
// exit: 1
// expect: verdict=race
// why: thread i writes A[i] = i * (2^32 + 1), words (i, i) (low word first). Then, without a
//   barrier (sync = 0), thread i reads A[i ^ 2]: thread 2 reads A[0], written by thread 0, and
//   thread 0 reads A[2], written by thread 2 (threads 1 and 3 likewise): SDV finds the race at
//   the kernel's end (line 21). With the barrier (sync = 1, uniform) the reads see the other half's values and only B is written
//   after it: A = (0,0), (1,1), (2,2), (3,3). check covers sync 0 and 1: the race is found.
__kernel void k(__global long *A, __global long *B, int sync) {
  int i = get_local_id(0);
  A[i] = (long)i * 4294967297L;
  if (sync) barrier(CLK_GLOBAL_MEM_FENCE);
  B[i] = A[i ^ 2];
}
