// spec: uninitialised private arrays and struct locals: a histogram cleared by a loop and a window whose fields are both assigned stay 0-initialised; a carry array with one cell assigned and a struct with one field assigned start arbitrary, cell by cell, each time their declaration runs
// run: run --kernel histogram4 --block-dim 4 --param n=4 --buffer in=4 --init in=1,2,3,1
// exit: 0
// expect: verdict=ok final.out=[0,2,1,1]
// stderr: note: 'carry' may be read before it is assigned: it starts arbitrary
// stderr: note: 'tail' may be read before it is assigned: it starts arbitrary
// run: check --kernel histogram4 --block-dim 2 --param n=0
// exit: 1
// expect: verdict=assertion
// run: check --kernel clearedOnly --block-dim 2 --param n=2 --buffer in=2
// exit: 0
// expect: verdict=ok
// why: histogram4: bins is assigned cell by cell by `for (i = 0; i < 4; ++i) bins[i] = 0` before
//   any read, w.lo and w.hi are both assigned before w is read: neither is arbitrary. carry[1] is
//   never assigned and tail.hi neither: both variables start arbitrary. run uses 0 for them: in =
//   [1,2,3,1], in[i] & 3 counts bins = [0,2,1,1]; out[t] = bins[t] + carry[t & 1] + tail.hi -
//   tail.hi = bins[t] for t = 0..3, and the assertion carry[t & 1] == 0 holds for 0. check with 2
//   threads: thread 1 reads carry[1], explored over 0..1; carry[1] = 1 fails the assertion.
//   clearedOnly: bins and w as above; span is assigned whole in one branch and field by field in
//   the other, own.hi reads only own.lo, already assigned: none is arbitrary (an arbitrary
//   span.hi or own.hi would break the assertion in some state). With n = 2 the else branch gives
//   span.hi = 2 = n, own.hi = t + 1: the assertion holds in every state; no other check: ok.
struct Window {
  int lo;
  int hi;
};

__global__ void histogram4(const int* in, int* out, int n) {
  int t = threadIdx.x;
  int bins[4];
  for (int i = 0; i < 4; ++i) bins[i] = 0;
  Window w;
  w.lo = 0;
  w.hi = n;
  for (int i = w.lo; i < w.hi; ++i) bins[in[i] & 3] += 1;
  int carry[2];
  carry[0] = 0;
  Window tail;
  tail.lo = t;
  out[t] = bins[t] + carry[t & 1] + tail.hi - tail.hi;
  assert(carry[t & 1] == 0);
}

__global__ void clearedOnly(const int* in, int* out, int n) {
  int t = threadIdx.x;
  int bins[4];
  for (int i = 0; i < 4; ++i) bins[i] = 0;
  Window w;
  w.lo = 0;
  w.hi = n;
  for (int i = w.lo; i < w.hi; ++i) bins[in[i] & 3] += 1;
  Window span;
  if (n > 2) {
    span = w;
  } else {
    span.lo = 0;
    span.hi = n;
  }
  Window own;
  own.lo = t;
  own.hi = own.lo + 1;
  assert(span.hi == n && own.hi == t + 1);
  out[t] = bins[t] + span.lo;
}
