// spec: a misplaced __array_snapshot: taken after the update, the snapshot already holds the new value in the thread's own cell, so the assertion that the cell grew by one fails, for thread 0 at that line
// run: run --local-size 4 --buffer in=4 --buffer out=4 --init in=5,6,7,8
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=20
// why: bump() writes tile[t] = in[t] + 1 (the thread's shadow copy); the snapshot then copies the thread's
//   view, before[t] = in[t] + 1, so tile[t] == before[t] + 1 is in[t] + 1 == in[t] + 2: false for every
//   thread; the lowest is 0, line 20.
#define N 4

void bump(__local int *tile, int t) { tile[t] += 1; }

__kernel void stage(__global const int *in, __global int *out) {
  __local int tile[N];
  int t = get_local_id(0);
  tile[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  int before[N];
  bump(tile, t);
  __array_snapshot(before, tile);
  __assert(tile[t] == before[t] + 1);
  out[t] = tile[t];
}
