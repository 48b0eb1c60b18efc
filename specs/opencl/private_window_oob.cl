// spec: an OpenCL private array `float tmp[8]` (a filter window) indexed out of its bounds is the verdict out-of-bounds (T-PRIVATE-INDEX) naming tmp, the index and its 8 elements; in bounds it is ok
// run: run --local-size 4 --param tap=4
// exit: 0
// expect: verdict=ok
// run: run --local-size 4 --param tap=5
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[3] array=tmp index=8 size=8 private=true location.line=27
// expect: message="thread 3 indexes the private array tmp (8 elements) at 8"
// run: run --local-size 4 --param tap=-1
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=tmp index=-1 size=8 location.line=27
// run: check --local-size 4 --param tap=4..5 --domain 0..0
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[3] index=8
// run: check --local-size 1..4 --param tap=0..4 --domain 0..0
// exit: 0
// expect: verdict=ok
// why: work-item l of the group loads the 8 taps in[g + k], k = 0..7, into tmp (in bounds), then
//   reads tmp[l + tap] through window_tap, whose w[k] (line 27, the access
//   into tmp) is where the index is checked. With 4 work-items l ∈ 0..3: tap = 4 gives 4..7, inside 0..7:
//   ok; tap = 5 gives 5..8, and work-item 3 indexes tmp[8], one past the end (the only one):
//   index 8 of 8 elements; tap = -1 gives -1..2, work-item 0 at -1. check over tap ∈ 4..5 (the
//   inputs fixed at 0) meets tap = 5 and work-item 3's index 8; over tap ∈ 0..4 with 1..4
//   work-items, l + tap ≤ 3 + 4 = 7: ok.
#define TAPS 8

float window_tap(const float *w, int k) { return w[k]; }

__kernel void window_pick(__global const float *in, __global float *out, int tap) {
  float tmp[TAPS];
  const int g = get_global_id(0);
  for (int k = 0; k < TAPS; ++k) tmp[k] = in[g + k];
  out[g] = window_tap(tmp, get_local_id(0) + tap);
}
