// spec: the legacy (pre-CUDA 9) butterfly reduction with __shfl_xor on floats: every lane ends with the warp's sum
// run: run --block-dim 8 --buffer data=8 --model simt:8
// exit: 0
// expect: verdict=ok final.data=[1105199104,1105199104,1105199104,1105199104,1105199104,1105199104,1105199104,1105199104]
// run: run --block-dim 8 --buffer data=8
// exit: 3
// expect: verdict=warp-primitive
// why: warpSize is 8 under simt:8; v = (float)lane; for mask = 4, 2, 1 lane l adds lane l ^ mask's
//   v (always a lane of the warp: l ^ mask < 8). After the three steps every lane holds
//   0 + 1 + … + 7 = 28.0f (integers: every sum is exact), whose bits are 0x41e00000 =
//   1105199104 (28 = 1.75 * 2^4: exponent 127 + 4 = 131, fraction 0.75). Under SDV:
//   warp-primitive.
__global__ void butterfly(float *data) {
  float v = (float)threadIdx.x;
  for (int mask = warpSize / 2; mask > 0; mask >>= 1) v += __shfl_xor(v, mask);
  data[threadIdx.x] = v;
}
