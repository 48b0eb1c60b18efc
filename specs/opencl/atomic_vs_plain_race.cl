// spec: OpenCL atomic_inc by one thread races with a plain read of the same cell by another
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,2] location.line=18
// expect: accesses.0={"thread":0,"kind":"atomic","array":"C","index":0,"location":{"line":14}}
// expect: accesses.1={"thread":2,"kind":"read","array":"C","index":0,"location":{"line":16}}
// why: thread 0 increments C[0] atomically (line 14); thread 2 reads C[0] with a plain load
//   (line 16) with no barrier in between. Atomics race with plain accesses of other threads:
//   cell C[0], (atomic 0, read 2), found at the closing brace (line 18).
__kernel void peek(__global int *C, __global int *out) {
  int i = get_local_id(0);
  int v = 0;
  if (i == 0)
    atomic_inc(&C[0]);
  if (i == 2)
    v = C[0];
  out[i] = v;
}
