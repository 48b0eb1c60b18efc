// spec: a 2-D array field (`int v[2][2]` of a Tile) and an array of structs as a field (`Cell cells[2]`) in a struct local, passed by value, stored into a `__shared__` array of Tiles and read back by another thread after a barrier, and a lambda capturing the Tile by copy (its copy keeps the value of the capture); an index outside the field's rows (k = 2) is out-of-bounds (T-PRIVATE-INDEX) naming tile_v
// run: run --block-dim 2 --param k=1 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[53,137,8,4]
// run: run --block-dim 2 --param k=2 --init in=1,2,3,4,5,6,7,8
// exit: 1
// expect: verdict=out-of-bounds rule=T-PRIVATE-INDEX threads=[0] array=tile_v index=2 size=2 location.line=45
// expect: message="thread 0 indexes the private array tile_v (2 elements) at 2"
// why: a Tile is 2 * 2 + 2 * 2 = 8 cells (v row-major, then cells[0].key, .val, cells[1].key,
//   .val). Thread t loads v[i][j] = in[4t + 2i + j]: thread 0 [[1, 2], [3, 4]], thread 1 [[5, 6],
//   [7, 8]]. trace(tile) = v[0][0] + v[1][1]: 5 and 13, stored in cells[0] = {t, trace}. With k
//   = 1, cells[1] = {1, v[1][1 - 1]} = {1, 3} and {1, 7}. score captures the tile by copy before
//   cells[0].val is set to 0, so score(10) = 10 * trace + cells[1].val = 53 and 137: out[0..1].
//   shTiles[t] = tile, then after the barrier out[2 + t] = shTiles[1 - t].v[1][1], the other
//   thread's: 8 and 4 (no race: each thread writes only its own tile before the barrier).
//   With k = 2, v[k] names row 2 of a 2-row field: C leaves it undefined, and the index is
//   checked as the index of a field of a struct in private memory is, private_index(tile_v, k,
//   2) (label: the path tile.v with _ for .), at line 45: out-of-bounds for thread 0 (both
//   threads have k = 2; the lowest), index 2 of 2 elements (the row is checked before the
//   column 1 - k = -1).
namespace tiles {

struct Cell {
  int key;
  int val;
};

struct Tile {
  int v[2][2];
  Cell cells[2];
};

__device__ int trace(Tile t) { return t.v[0][0] + t.v[1][1]; }

}  // namespace tiles

__global__ void tileScores(const int* in, int* out, int k) {
  __shared__ tiles::Tile shTiles[2];
  int t = threadIdx.x;
  tiles::Tile tile;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) tile.v[i][j] = in[4 * t + 2 * i + j];
  tile.cells[0] = tiles::Cell{t, tiles::trace(tile)};
  tile.cells[1].key = k;
  tile.cells[1].val = tile.v[k][1 - k];
  auto score = [tile](int w) { return tile.cells[0].val * w + tile.cells[1].val; };
  tile.cells[0].val = 0;
  out[t] = score(10);
  shTiles[t] = tile;
  __syncthreads();
  out[2 + t] = shTiles[1 - t].v[1][1];
}
