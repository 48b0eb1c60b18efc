// spec: OpenCL prefetch has no effect on memory: a tiled copy that prefetches its next tile gives the same result, race-free
// run: run --local-size 4 --init in=1,2,3,4,5,6,7,8
// exit: 0
// expect: verdict=ok final.out=[1,2,3,4,5,6,7,8]
// why: each work-item i copies in[i] and in[i + 4] to out (its own cells); before the second
//   copy it prefetches the 4 elements from in + 4, which "does not affect the functional
//   behavior of the kernel" (OpenCL C 1.2 §6.12.10): no write, so out = in. The arguments are
//   evaluated (no reads here).
#define TILE 4

__kernel void copy2(__global const int *in, __global int *out) {
  int i = get_local_id(0);
  out[i] = in[i];
  prefetch(in + TILE, TILE);
  out[TILE + i] = in[TILE + i];
}
