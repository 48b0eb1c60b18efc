// spec: 2D texture (texture<int, 2>) 3x3 box filter sampling at texel centres (x + 0.5f, y + 0.5f), as image-processing kernels do; border samples fall outside the texture
// run: run --block-dim 2,2 --buffer out=4 --init __tex_img[15]=9
// exit: 0
// expect: verdict=ok final.out=[9,9,9,9]
// stderr: 2c is an integer in [0, 65536)
// run: check --block-dim 2,2 --buffer out=4 --domain 0..0
// exit: 0
// expect: verdict=ok
// why: a sample at (cx, cy) selects a texel when X = 2cx and Y = 2cy are integers in
//   [0, 65536): the cell whose bits interleave X's (even bits) and Y's (odd bits); any other
//   coordinate (a negative border sample here) is a fresh arbitrary value (run: 0). Texel
//   (1, 1) is sampled at (1.5, 1.5): X = Y = 3 = 0b11, interleaved 0b1111 = cell 15, set to 9;
//   every other texel is 0. Thread (x, y) of the 2x2 block sums the 9
//   samples around (x, y); each of the four pixels has (1, 1) among its neighbours
//   (|x - 1| <= 1 and |y - 1| <= 1 for x, y in {0, 1}), so out = [9, 9, 9, 9]. Each thread
//   writes out[y * 2 + x], its own: ok.
texture<int, 2> img;

__device__ int box3x3(int x, int y) {
  int sum = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum += tex2D(img, x + dx + 0.5f, y + dy + 0.5f);
  return sum;
}

__global__ void boxFilter(int *out) {
  int x = threadIdx.x;
  int y = threadIdx.y;
  out[y * blockDim.x + x] = box3x3(x, y);
}
