// spec: cub::BlockLoad and cub::BlockStore (sdvmc's model) in CUB's arrangements: striped load and store, a transposing load (striped reads exchanged through shared memory into the blocked arrangement) with a direct store, and a direct load with a transposing store; each thread tags its items with its rank
// run: run --kernel 'tile::tagItems<4, 2, cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>' --block-dim 4 --buffer d_in=8 --buffer d_out=8 --init d_in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.d_out=[10,21,32,43,50,61,72,83]
// run: run --kernel 'tile::tagItems<4, 2, cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_DIRECT>' --block-dim 4 --buffer d_in=8 --buffer d_out=8 --init d_in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.d_out=[10,20,31,41,52,62,73,83]
// run: run --kernel 'tile::tagItems<4, 2, cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_TRANSPOSE>' --block-dim 4 --buffer d_in=8 --buffer d_out=8 --init d_in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.d_out=[10,20,31,41,52,62,73,83]
// run: run --kernel 'tile::tagItems<4, 2, cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>' --block-dim 4 --buffer d_in=8 --buffer d_out=8 --init d_in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.d_out=[10,20,31,41,52,62,73,83]
// why: d_in[k] = k + 1, a tile of 4 threads x 2 items. Striped: thread t holds d_in[t] and
//   d_in[t + 4] and stores them back at t and t + 4, so d_out[k] = d_in[k] * 10 + k % 4:
//   10, 21, 32, 43, 50, 61, 72, 83. Transposing load: the items end blocked, thread t holding
//   d_in[2t], d_in[2t + 1], stored directly (blocked) at 2t, 2t + 1: d_out[k] = d_in[k] * 10 +
//   k / 2 = 10, 20, 31, 41, 52, 62, 73, 83. Direct load (blocked, the same items) and a
//   transposing store: exchanged into the striped arrangement, thread t holds the tile's items
//   t and t + 4 and writes them there, so memory gets the same blocked order: the same d_out.
//   VECTORIZE load and store: the blocked arrangement (vector loads change no value), as the
//   transposing load with a direct store. Each exchange has its barrier between the stores and
//   loads of the TempStorage: ok.
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>

namespace tile {

// Each thread's items, tagged with the thread's rank: value * 10 + rank, loaded and stored in
// the given arrangements.
template <int BLOCK_THREADS, int ITEMS_PER_THREAD, cub::BlockLoadAlgorithm LOAD, cub::BlockStoreAlgorithm STORE>
__global__ void tagItems(const int* d_in, int* d_out) {
  using BlockLoadT = cub::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, LOAD>;
  using BlockStoreT = cub::BlockStore<int, BLOCK_THREADS, ITEMS_PER_THREAD, STORE>;
  __shared__ typename BlockLoadT::TempStorage load_storage;
  __shared__ typename BlockStoreT::TempStorage store_storage;
  const int tile_offset = blockIdx.x * BLOCK_THREADS * ITEMS_PER_THREAD;
  int items[ITEMS_PER_THREAD];
  BlockLoadT(load_storage).Load(d_in + tile_offset, items);
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) items[k] = items[k] * 10 + threadIdx.x;
  BlockStoreT(store_storage).Store(d_out + tile_offset, items);
}

template __global__ void tagItems<4, 2, cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>(const int*, int*);
template __global__ void tagItems<4, 2, cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_DIRECT>(const int*, int*);
template __global__ void tagItems<4, 2, cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_TRANSPOSE>(const int*, int*);
template __global__ void tagItems<4, 2, cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>(const int*, int*);

}  // namespace tile
