// spec: OpenCL async_work_group_strided_copy with the stride a kernel argument: run gathers the column; prove refuses the copy at its call (its stride is not a constant)
// run: run --local-size 4 --buffer m=16 --buffer out=4 --init m=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --param ld=4
// exit: 0
// expect: verdict=ok final.out=[1,5,9,13]
// run: prove --local-size 4 --buffer m=16 --buffer out=4
// exit: 2
// stderr: async_strided_copy_runtime_stride.cl:20:15: error: unsupported: prove does not handle asynchronous copies whose source stride is not a constant
// why: with ld = 4 the strided copy local <- global reads src[k * ld] for k < 4 from
//   src = m + 1: col[k] = m[1 + 4k] = 1, 5, 9, 13 (m[i] = i); after the wait and the barrier
//   work-item k writes out[k] = col[k]: out = [1, 5, 9, 13]; the copy's cells are in bounds
//   and each out cell has one writer: ok. prove encodes a copy's cells through a constant
//   stride only (prover/TwoThread.cpp): the source stride here is ld, a kernel argument, so
//   prove refuses the kernel at the copy's call (line 20, column 15), exit 2.
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
