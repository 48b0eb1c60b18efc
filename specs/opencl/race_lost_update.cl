// spec: OpenCL lost update: A[0] += 1 by every thread without atomics; --benign-writes still sees the read-write conflict
// run: run --local-size 2
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=16 location.col=1
// expect: accesses.0={"thread":0,"kind":"write","index":0} accesses.1={"thread":1,"kind":"write","index":0}
// run: run --local-size 2 --benign-writes
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=16
// expect: accesses.0={"thread":0,"kind":"write","index":0} accesses.1={"thread":1,"kind":"read","index":0}
// why: each thread reads A[0] = 0 and writes 1 (line 15): two writers of A[0], a write-write pair
//   (preferred over write-read), at the closing brace (line 16). Both write the same value 1, so
//   --benign-writes excuses the write-write pair, but each thread also read A[0], which the other
//   wrote: the pair (first writer 0, smallest other reader 1) is still a race.
__kernel void inc(__global int *A) {
  A[0] += 1;
}
