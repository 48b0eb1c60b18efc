// spec: memcpy of structs into a __shared__ tile and back (element-wise cell accesses), memset of an int range and of a private char array; without the barrier the second copy reads the other thread's tile cells while they are written: a race
// run: run --kernel swapTiles --block-dim 2 --buffer in=2 --buffer out=2 --buffer flags=6 --init in=1065353216,7,-3,1073741824,8,5
// exit: 0
// expect: verdict=ok final.out=[1073741824,8,5,1065353216,7,-3] final.flags=[16843009,16843009,16843009,16843009,-56,-56]
// run: run --kernel swapTilesRacy --block-dim 2 --buffer in=2 --buffer out=2 --init in=1065353216,7,-3,1073741824,8,5
// exit: 1
// expect: verdict=race
// why: Particle is 3 cells (x, id, tag). Thread t copies in[t] into tile[t] (3 cells), then
//   after the barrier tile[1 - t] into out[t]: out = [in[1], in[0]] = cells [1073741824 (2.0f),
//   8, 5, 1065353216 (1.0f), 7, -3]. memset(flags + 2t, 1, 8) sets two ints to 0x01010101 =
//   16843009 each: flags[0..3]. memset(c, 200, 4) sets each char to the byte 200, which as a
//   signed char is -56; flags[4 + t] = c[t] = -56. swapTilesRacy has no barrier: thread 0's copy
//   reads tile[1]'s cells, which thread 1 writes in its first copy, with no barrier between.
struct Particle {
  float x;
  int id;
  char tag;
};
__global__ void swapTiles(const Particle* in, Particle* out, int* flags) {
  __shared__ Particle tile[2];
  int t = threadIdx.x;
  memcpy(&tile[t], &in[t], sizeof(Particle));
  __syncthreads();
  memcpy(&out[t], &tile[1 - t], sizeof(Particle));
  memset(flags + 2 * t, 1, 2 * sizeof(int));
  char c[4];
  memset(c, 200, sizeof c);
  flags[4 + t] = c[t];
}
__global__ void swapTilesRacy(const Particle* in, Particle* out) {
  __shared__ Particle tile[2];
  int t = threadIdx.x;
  memcpy(&tile[t], &in[t], sizeof(Particle));
  memcpy(&out[t], &tile[1 - t], sizeof(Particle));
}
