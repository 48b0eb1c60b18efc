// spec: OpenCL long array seen through an int pointer: a long's high word is word 1, so an int write there races with the long's write
// run: run --local-size 2 --param w=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=22
// expect: accesses.0={"thread":0,"kind":"write","array":"A","index":1,"location":{"line":18}}
// expect: accesses.1={"thread":1,"kind":"write","array":"A","index":1,"location":{"line":20}}
// run: run --local-size 2 --param w=2
// exit: 0
// expect: verdict=ok final.A=[5,-1,7]
// why: a long is two words, low word first: A[0] = -4294967291 = -2^32 + 5 is words 0 and 1
//   = (5, -1) (written by thread 0 on line 18). Thread 1 writes the int at word w through an
//   int pointer (line 20). w = 1 is the long's high word: both threads write cell 1 with no
//   barrier in between, a race found at the kernel's end (line 22). w = 2 is past the long:
//   distinct cells, no race; A = 5, -1, 7.
__kernel void k(__global long *A, int w) {
  int i = get_local_id(0);
  if (i == 0)
    A[0] = -4294967291L;
  if (i == 1)
    ((__global int *)A)[w] = 7;
  return;
}
