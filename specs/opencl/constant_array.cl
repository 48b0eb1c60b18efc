// spec: OpenCL __constant arrays with initialisers (missing elements are 0) read by every thread
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[10,4,4,3]
// why: table = {3,1,4,1}, extra = {7,0,0,0}. out[i] = table[i] * table[3-i] + extra[i]:
//   3*1 + 7 = 10, 1*4 = 4, 4*1 = 4, 1*3 = 3. Constant memory is only read: no race.
__constant int table[4] = {3, 1, 4, 1};
__constant int extra[4] = {7};
__kernel void lookup(__global int *out) {
  int i = get_local_id(0);
  out[i] = table[i] * table[3 - i] + extra[i];
}
