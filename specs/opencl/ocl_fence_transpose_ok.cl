// spec: OpenCL tiled matrix transpose through a padded __local tile, barrier(CLK_LOCAL_MEM_FENCE) between the load and the store (SDK style), 2 x 2 groups
// run: run --local-size 2,2 --num-groups 2,2 --init in=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
// exit: 0
// expect: verdict=ok final.out=[0,4,8,12,1,5,9,13,2,6,10,14,3,7,11,15]
// run: check --local-size 2,2 --num-groups 2,2
// exit: 0
// expect: verdict=ok
// why: in is the 4 x 4 matrix in[r][c] = 4 r + c. Work-item (lx, ly) of group (gx, gy) loads
//   in[2 gy + ly][2 gx + lx] into tile[ly][lx]; after the local fence it stores tile[lx][ly],
//   which is in[2 gy + lx][2 gx + ly], at out[2 gx + ly][2 gy + lx]: out[R][C] = in[C][R],
//   so out = 0 4 8 12 / 1 5 9 13 / 2 6 10 14 / 3 7 11 15. Races: tile[y][x] is written by
//   (x, y) and read by (y, x) only after the barrier, which orders local memory; in is only
//   read; the out cells are a permutation, one writer each, so no two groups share a cell.
//   check: no address depends on the data, so every input is race-free.
#define T 2
#define N 4

int at(int row, int col) { return row * N + col; }

__kernel void transpose(__global const int *in, __global int *out) {
  __local int tile[T][T + 1];
  int gx = get_group_id(0), gy = get_group_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  tile[ly][lx] = in[at(gy * T + ly, gx * T + lx)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[at(gx * T + ly, gy * T + lx)] = tile[lx][ly];
}
