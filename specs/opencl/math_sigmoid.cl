// spec: OpenCL sigmoid activation 1 / (1 + exp(-z)) in a helper, weights and biases in __constant memory, the inputs given as float bits
// run: run --local-size 4 --init x=1065353216,1056964608,1073741824,-1082130432 --buffer y=4
// exit: 0
// expect: verdict=ok final.y=[1060841128,1056964608,1059970728,1064557542]
// why: x = 1.0 (0x3f800000), 0.5 (0x3f000000), 2.0 (0x40000000), -1.0 (0xbf800000 = -1082130432).
//   z = W*x + B: 1*1 + 0 = 1; -2*0.5 + 1 = 0; 0.5*2 - 0.25 = 0.75; 0*(-1) + 3 = -0 + 3 = 3 (all
//   exact). sigmoid(0) = 1 / (1 + expf(-0)) = 1/2 = 0x3f000000 = 1056964608 by hand; the others
//   with glibc's expf in an independent C program (float arithmetic, same order):
//   sigmoid(1) = 0.731058598 = 0x3f3b26a8 = 1060841128, sigmoid(0.75) = 0.679178715 =
//   0x3f2ddea8 = 1059970728, sigmoid(3) = 0.952574134 = 0x3f73dbe6 = 1064557542.

/* A sigmoid activation layer: y = 1 / (1 + exp(-(w * x + b))), with the weight and bias in
   __constant memory and one neuron per work-item. */
__constant float W[4] = {1.0f, -2.0f, 0.5f, 0.0f};
__constant float B[4] = {0.0f, 1.0f, -0.25f, 3.0f};

float sigmoid(float z) { return 1.0f / (1.0f + exp(-z)); }

__kernel void layer(__global const float *x, __global float *y) {
  int i = get_global_id(0);
  y[i] = sigmoid(W[i] * x[i] + B[i]);
}
