// spec: __array_snapshot into a global buffer in CUDA, a ghost each thread holds of the shared tile as it sees it after the barrier; a helper reverses the tile in place and the assertions relate the new tile to the snapshot
// run: run --block-dim 4 --buffer ghost=4 --buffer out=4 --init out=5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[8,7,6,5] final.ghost=[0,0,0,0]
// why: tile[t] = out[t] = 5, 6, 7, 8, merged by the first barrier. __array_snapshot(ghost, tile) gives each
//   thread a private copy {5, 6, 7, 8} (ghost reads, no access; the ghost buffer itself is never written:
//   run shows it at 0). reverse() makes each thread read tile[3 - t] and, after the second barrier, write
//   it to tile[t]: after the third barrier tile = {8, 7, 6, 5} in every view, so tile[t] == ghost[3 - t]
//   (line 29) holds for every thread. out[t] = tile[t] = {8, 7, 6, 5}. Each barrier separates the reads
//   of a cell from its writes: no race.
#include <gpuverify.h>

#define N 4

__device__ void reverse(int *tile, unsigned t) {
  int v = tile[N - 1 - t];
  __syncthreads();
  tile[t] = v;
  __syncthreads();
}

__global__ void flip(int *ghost, int *out) {
  __shared__ int tile[N];
  unsigned t = threadIdx.x;
  tile[t] = out[t];
  __syncthreads();
  __array_snapshot(ghost, tile);
  reverse(tile, t);
  __assert(tile[t] == ghost[N - 1 - t]);
  out[t] = tile[t];
}
