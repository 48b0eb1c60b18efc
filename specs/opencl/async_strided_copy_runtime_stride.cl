// spec: OpenCL async_work_group_strided_copy with the stride a kernel argument: run gathers the column; prove encodes the run-time stride: for an arbitrary ld the copy reads outside m (out-of-bounds, confirmed), with ld bounded by __requires it is ok
// run: run --kernel gather_column --local-size 4 --buffer m=16 --buffer out=4 --init m=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --param ld=4
// exit: 0
// expect: verdict=ok final.out=[1,5,9,13]
// run: prove --kernel gather_column --local-size 4 --buffer m=16 --buffer out=4
// exit: 1
// expect: verdict=out-of-bounds rule=G-ASYNC-COPY witness.threads=4 confirmed=true replayed.verdict=out-of-bounds replayed.array=m
// run: prove --kernel gather_column_checked --local-size 4 --buffer m=16 --buffer out=4
// exit: 0
// expect: verdict=ok
// why: with ld = 4 the strided copy local <- global reads src[k * ld] for k < 4 from
//   src = m + 1: col[k] = m[1 + 4k] = 1, 5, 9, 13 (m[i] = i); after the wait and the barrier
//   work-item k writes out[k] = col[k]: out = [1, 5, 9, 13]; the copy's cells are in bounds
//   and each out cell has one writer: ok. prove (before issue 20 it refused a stride that is
//   not a constant): ld is arbitrary, and the source cells 1 + k·ld (k < 4) leave m[0..15] for
//   ld < 0 (cell 1 + ld < 0) or ld >= 5 (cell 1 + 3·ld >= 16): out-of-bounds at the copy
//   (G-ASYNC-COPY), reading m, in the launch's one group of 4 work-items, which the replay with
//   the witness's ld confirms. gather_column_checked requires 1 <= ld <= 4 (the matrix is 4
//   wide at most): the cells are at most 1 + 3·4 = 13, inside m; col[0..3] and out[0..3] are
//   inside; each work-item reads col[k] after the wait and the barrier and writes its own
//   out[k]: ok.
inline int column_of(int j) { return j; }

__kernel void gather_column(__global const int *m, __global int *out, int ld) {
  __local int col[4];
  const int k = get_local_id(0);
  // Column 1 of the ld-wide row-major matrix m.
  event_t e = async_work_group_strided_copy(col, m + column_of(1), 4, ld, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[k] = col[k];
}

__kernel void gather_column_checked(__global const int *m, __global int *out, int ld) {
  __requires(ld >= 1 && ld <= 4);
  __local int col[4];
  const int k = get_local_id(0);
  event_t e = async_work_group_strided_copy(col, m + column_of(1), 4, ld, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[k] = col[k];
}
