// spec: CUDA a pointer into one of two arrays (chosen per thread): its accesses go to the array it names at run time, and a race through it is reported on that array
// run: run --block-dim 4 --buffer A=2 --buffer B=2 --param s=1
// exit: 0
// expect: verdict=ok final.A=[1,3] final.B=[0,2]
// run: run --block-dim 4 --buffer A=2 --buffer B=2 --param s=0
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,3] location.line=19 location.col=1
// expect: accesses.0={"thread":1,"kind":"write","array":"A","index":0,"location":{"line":18}}
// expect: accesses.1={"thread":3,"kind":"write","array":"A","index":0,"location":{"line":18}}
// why: odd threads point into A, even ones into B. s = 1: thread t writes cell t/2 of its
//   array: B[0] = 0, A[0] = 1, B[1] = 2, A[1] = 3, one writer each. s = 0: every thread
//   writes cell 0 of its array: A[0] by 1 and 3, B[0] by 0 and 2. The smallest conflicting
//   address is A[0] (A is declared first): writers 1, 3, at the closing brace (line 19).
//   (Were the two arrays one, threads 0 and 1 would be the pair.)
__global__ void k(int *A, int *B, int s) {
  int t = threadIdx.x;
  int *p = t % 2 ? A : B;
  p[t / 2 * s] = t;
}
