// spec: 2D texture gradient whose output index forgets the row (out[x] instead of out[y * width + x]): threads of different rows race on the output
// run: run --block-dim 2,2 --buffer out=4
// exit: 1
// expect: verdict=race
// run: check --block-dim 2,2 --buffer out=4 --domain 0..0
// exit: 1
// expect: verdict=race
// why: threads (0, 0) and (0, 1) (flat ids 0 and 2) both write out[0] with no barrier
//   between them: a write-write race, whatever the texels.
texture<float, 2> img;

__global__ void gradientX(float *out) {
  int x = threadIdx.x;
  int y = threadIdx.y;
  float right = tex2D(img, x + 1.5f, y + 0.5f);
  float left = tex2D(img, x + 0.5f, y + 0.5f);
  out[x] = right - left;
}
