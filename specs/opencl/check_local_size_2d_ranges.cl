// spec: OpenCL check --local-size 1..2,1..2 explores every 2-D group shape, by total size then x, y, z: (1,1,1), (1,2,1), (2,1,1), (2,2,1); the column sums race (every row writes its column's sum) first at the shape (1,2,1), whose y-size is 2
// run: check --local-size 1..2,1..2
// exit: 1
// expect: verdict=race rule=G-RACE location.line=35
// expect: accesses.0={"kind":"write","array":"sums","index":0} accesses.1={"kind":"write","array":"sums","index":0}
// expect: local_size=[1,2,1] shapes.0.local_size=[1,1,1] shapes.0.verdict="ok" shapes.0.states=3 shapes.1.local_size=[1,2,1] shapes.1.verdict="race"
// expect: states=5 transitions=3 terminal_states=1
// expect: witness={"threads":2,"group":0,"init":{},"params":{}} confirmed=true
// expect: replay="sdvmc run $FILE --local-size 1,2,1 --group 0"
// run: check --local-size 2,1
// exit: 0
// expect: verdict=ok states=3 transitions=2 terminal_states=1 depth=3
// why: work-item (x, y) loads its cell of the tile, waits at the barrier, sums column x over the
//   get_local_size(1) rows and writes sums[x] (line 34): every row writes it, so two work-items
//   with the same x and different y write one cell, a write-write race at the kernel's closing
//   barrier (line 35, the closing brace), exactly when the y-size is at least 2. in's values reach only the sums
//   (unsigned, wrapping): abstract, no choice. The shapes in order: 1 = 1x1x1, 2 = 1x2x1 and
//   2x1x1 (x then y: 1x2 first), 4 = 2x2x1. 1x1x1: s0 → (the loads, G-SYNC) s1 → (the sum, the
//   write, closing G-SYNC with ss empty) s2, terminal: 3 states, 2 transitions, 1 terminal.
//   1x2x1 (work-items (0,0), (0,1)): s0 → s1 (tile[0][0], tile[1][0] written, disjoint), then
//   both write sums[0]: G-RACE; 2 states, 1 transition. In all 3 + 2 = 5 states, 2 + 1 = 3
//   transitions, 1 terminal. The witness is the 1x2x1 group (2 threads), replayed with its shape.
//   --local-size 2,1 (one shape, the y-size 1): work-items (0,0), (1,0) write sums[0], sums[1]:
//   ok, 3 states, 2 transitions, 1 terminal, levels 0..2.
#define W 4

__kernel void column_sums(__global const uint *in, __global uint *sums) {
  __local uint tile[W][W];
  const size_t x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = in[get_global_id(1) * W + get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint s = 0;
  for (size_t r = 0; r < get_local_size(1); ++r) s += tile[r][x];
  sums[x] = s;
}
