// spec: OpenCL barrier(CLK_LOCAL_MEM_FENCE) does not order global memory: a neighbour's __global cell read across it races
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,3] location.line=33
// expect: accesses.0={"thread":0,"kind":"write","array":"out","index":0,"location":{"line":30}}
// expect: accesses.1={"thread":3,"kind":"read","array":"out","index":0,"location":{"line":32}}
// run: check --local-size 4
// exit: 1
// expect: verdict=race
// run: check --local-size 4 --model mimd
// exit: 1
// expect: verdict=race rule=MIMD-RACE
// why: work-item i writes out[i] (line 30), passes barrier(CLK_LOCAL_MEM_FENCE) (barrier(local)
//   in KPL) and reads out[(i + 1) % 4] (line 32). The barrier fences local memory only, so
//   the global logs are kept: no conflict is visible at it (each out cell so far has one
//   writer and no reader), and at the kernel's final barrier (the closing brace, line 33)
//   cell out[c] has writer c and reader c - 1 mod 4. The smallest conflicting address is
//   out[0] (out is declared before res; res[i] has one writer each): writer 0, and the
//   smallest other reader, 3. With barrier(CLK_GLOBAL_MEM_FENCE) the kernel is race-free
//   (ocl_fence_global_rotate_ok.cl). check explores the same (only) schedule of SDV: race.
//   Under mimd a work-item waiting at barrier(local) keeps its global accesses logged, so
//   every interleaving has a read of out[(i + 1) % 4] after its writer's write with no
//   global fence between: MIMD-RACE at the read.
int neighbour(int i, int n) { return (i + 1) % n; }

__kernel void rotate(__global int *out, __global int *res) {
  int i = get_local_id(0);
  int n = get_local_size(0);
  // Publish, then read the neighbour's value: the fence names the wrong space.
  out[i] = i * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  res[i] = out[neighbour(i, n)];
}
