// spec: OpenCL barrier(CLK_GLOBAL_MEM_FENCE) does not order local memory: a __local tile reversed across it races
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=27
// expect: accesses.0={"thread":0,"kind":"write","array":"tile","index":0,"location":{"line":17}}
// expect: accesses.1={"thread":3,"kind":"read","array":"tile","index":0,"location":{"line":26}}
// why: the SDK-style reversal through a __local tile, with the fence flag for the wrong
//   space. Work-item i copies in[i] (its own cell: no conflict) into tile[i] (line 17, in the
//   helper), passes barrier(CLK_GLOBAL_MEM_FENCE) (barrier(global)), which keeps the local
//   logs, and reads tile[3 - i] (line 26). At the final barrier (the closing brace, line 27)
//   tile[c] has writer c and reader 3 - c; every global cell has a single accessor (in[i]
//   read by i, out[i] written by i), so the only conflicting array is tile, and its smallest
//   conflicting cell tile[0]: writer 0, reader 3.
//   With CLK_LOCAL_MEM_FENCE this is ok_reverse_with_barrier's pattern.
#define N 4

void load_tile(__local int *tile, __global const int *in, int i) { tile[i] = in[i]; }

__kernel void reverse(__global const int *in, __global int *out) {
  __local int tile[N];
  int i = get_local_id(0);
  // Stage the input in local memory.
  load_tile(tile, in, i);
  // Wrong fence: the tile is local memory.
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[i] = tile[N - 1 - i];
}
