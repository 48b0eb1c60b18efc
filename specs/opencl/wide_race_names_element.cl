// spec: a race on an array of multi-cell elements names the C element and the word within it (JSON accesses.N.element), not only the cell: a long's low/high word, a struct field, a double2 component's high word
// run: run --local-size 4 --param which=0
// exit: 1
// expect: verdict=race accesses.0.array="L" accesses.0.index=2 accesses.0.element="L[1].lo" accesses.1.element="L[1].lo"
// run: run --local-size 4 --param which=1
// exit: 1
// expect: verdict=race accesses.0.array="S" accesses.0.index=4 accesses.0.element="S[1].b.lo" accesses.1.element="S[1].b.lo"
// run: run --local-size 4 --param which=2
// exit: 1
// expect: verdict=race accesses.0.array="D" accesses.0.index=2 accesses.0.element="D[0].y.lo" accesses.1.element="D[0].y.lo"
// run: run --local-size 4 --param which=1 --benign-writes
// exit: 1
// expect: verdict=race accesses.0.index=4 accesses.0.element="S[1].b.lo"
// run: run --local-size 4 --param which=2 --benign-writes
// exit: 1
// expect: verdict=race accesses.0.index=3 accesses.0.element="D[0].y.hi"
// why: the race reported is the conflict at the smallest address (Sdv.h, G-RACE).
//   which = 0: thread 1 writes L[1], a long: cells 2 and 3, low word first; thread 0 reads
//   L[lid + 1] = L[1] (cells 2, 3); the other reads (L[2], L[3], L[4]: cells 4..9) and the
//   writes L[lid + 8] (cells 16..23) meet no other thread's access. Conflicts on cells 2 and 3;
//   cell 2 = L[1].lo.
//   which = 1: struct P { int a; long b; } is word-per-field, 3 cells (a, b.lo, b.hi), so S[1]
//   is cells 3..5, S[1].b.lo cell 4, S[1].b.hi cell 5. Threads 0 and 1 write S[1].b = 7 and 8:
//   low words 7 and 8, high words 0 and 0; write-write on cells 4 and 5, the smallest is 4.
//   With --benign-writes equal values are no race: cell 5 (0 and 0) drops out, cell 4 stays.
//   which = 2: a double2 is 4 cells (x.lo, x.hi, y.lo, y.hi); threads 0 and 1 write D[0].y =
//   0.0 and 1.0: low words 0 and 0, high words 0 and 0x3ff00000: write-write on cells 2 and 3,
//   the smallest is 2 = D[0].y.lo; with --benign-writes only cell 3 = D[0].y.hi remains.
struct P { int a; long b; };
__kernel void k(__global long* L, __global struct P* S, __global double2* D, int which) {
  int lid = get_local_id(0);
  if (which == 0) {
    if (lid == 1) L[1] = 5;
    long x = L[lid + 1];
    L[lid + 8] = x;
  } else if (which == 1) {
    if (lid < 2) S[1].b = lid + 7;
  } else {
    if (lid < 2) D[0].y = (double)lid;
  }
}
