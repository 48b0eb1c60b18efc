// spec: broadcasting lane 0's value with __shfl_sync: prove refuses warp primitives, check under SDV ends in warp-primitive, check under simt:4 proves the broadcast for every input
// run: prove --block-dim 4
// exit: 3
// expect: verdict=inconclusive
// run: check --block-dim 4 --buffer in=4
// exit: 3
// expect: verdict=warp-primitive location.line=17
// run: check --block-dim 8 --buffer in=8 --model simt:4
// exit: 0
// expect: verdict=ok
// why: __shfl_sync(full, v, 0) gives every lane lane 0's v: under simt:4 threads 0..3 get in[0]
//   and threads 4..7 in[4], so the assertion holds for every input check explores. SDV has no
//   warps: the shuffle (line 17) is the verdict warp-primitive; prove reports it unsupported
//   (inconclusive, exit 3).
__global__ void broadcast(const int *in) {
  int v = in[threadIdx.x];
  int first = __shfl_sync(0xffffffff, v, 0);
  assert(first == in[threadIdx.x / warpSize * warpSize]);
}
