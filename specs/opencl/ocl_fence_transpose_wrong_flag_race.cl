// spec: OpenCL tiled transpose with the fence flag of the wrong space (CLK_GLOBAL_MEM_FENCE): the __local tile races across the barrier
// run: run --local-size 2,2 --num-groups 2,2 --init in=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
// exit: 1
// expect: verdict=race rule=G-RACE threads=[1,2] location.line=29
// expect: accesses.0={"thread":1,"kind":"write","array":"tile","index":1,"location":{"line":26}}
// expect: accesses.1={"thread":2,"kind":"read","array":"tile","index":1,"location":{"line":28}}
// run: check --local-size 2,2 --num-groups 2,2
// exit: 1
// expect: verdict=race
// why: ocl_fence_transpose_ok.cl with barrier(CLK_GLOBAL_MEM_FENCE): barrier(global), which
//   keeps the tile's logs. The tile is 2 x 3 cells (padded), tile[y][x] at cell 3 y + x, and
//   is written by work-item (x, y) = flat id x + 2 y, then read by (y, x). At the final barrier
//   (line 29) of the first group run, group (0, 0): tile[0][0] (cell 0) is written and read by
//   work-item 0 only; cell 1 = tile[0][1] is written by (1, 0) = 1 (line 26) and read by
//   (0, 1) = 2 (line 28): the smallest conflicting address, writer 1, reader 2.
//   check finds it too: no address depends on the data.
#define T 2
#define N 4

int at(int row, int col) { return row * N + col; }

__kernel void transpose(__global const int *in, __global int *out) {
  __local int tile[T][T + 1];
  int gx = get_group_id(0), gy = get_group_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  tile[ly][lx] = in[at(gy * T + ly, gx * T + lx)];
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[at(gx * T + ly, gy * T + lx)] = tile[lx][ly];
}
