// spec: GPUVerify's __array_snapshot into a private array: after staging a tile in local memory, each thread snapshots the tile as it sees it, increments its own cell in a helper, and asserts the new value against the old one (its own cell at once, its neighbour's after the barrier)
// run: run --local-size 2 --buffer in=2 --buffer out=2 --init in=5,6
// exit: 0
// expect: verdict=ok final.out=[6,7]
// run: check --local-size 2 --buffer in=2 --buffer out=2 --domain 0..1
// exit: 0
// expect: verdict=ok
// why: tile[t] = in[t], then the barrier merges: every thread sees tile = in. __array_snapshot(before, tile)
//   copies the thread's view of all N cells into its private before[] (ghost reads: no access, no race).
//   bump() makes tile[t] = in[t] + 1 in the thread's view: tile[t] == before[t] + 1. After the second
//   barrier every cell was incremented by its thread, so tile[(t + 1) % N] == before[(t + 1) % N] + 1 too.
//   out[t] = in[t] + 1: 6, 7. The check case (every input in 0..1) holds for each input by the same
//   argument, which does not depend on the values. (Two threads: the uninitialised private
//   before[] of every thread is explored too, 2^(2 + 2·2) configurations; four threads made
//   2^20, too many for the sanitizer build's time limit.)
#define N 2

void bump(__local int *tile, int t) { tile[t] += 1; }

__kernel void stage(__global const int *in, __global int *out) {
  __local int tile[N];
  int t = get_local_id(0);
  tile[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  int before[N];
  __array_snapshot(before, tile);
  bump(tile, t);
  __assert(tile[t] == before[t] + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(tile[(t + 1) % N] == before[(t + 1) % N] + 1);
  out[t] = tile[t];
}
