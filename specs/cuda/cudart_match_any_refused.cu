// spec: __match_any_sync (lanes grouped by equal values) is refused at the call
// run: run --block-dim 32 --model simt:32
// exit: 2
// stderr: error: unsupported: '__match_any_sync', a warp-level primitive
// why: KPL's warp primitives are shfl and ballot; a match needs every lane's value compared
//   with every other's, which neither gives, so the frontend refuses it rather than guess.
__global__ void groupByKey(const int *keys, unsigned int *peers) {
  peers[threadIdx.x] = __match_any_sync(0xffffffff, keys[threadIdx.x]);
}
