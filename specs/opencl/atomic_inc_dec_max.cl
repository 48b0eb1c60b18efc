// spec: OpenCL atomic_inc, atomic_dec, atom_add and atomic_max: returned old values and final cells
// run: run --local-size 4 --init D=10
// exit: 0
// expect: verdict=ok final.C=[4] final.D=[6] final.S=[8] final.M=[5] final.out=[0,110,220,330]
// why: in ascending lid order: atomic_inc on C[0] returns 0, 1, 2, 3 and leaves 4; atomic_dec on
//   D[0] (initially 10) returns 10, 9, 8, 7 and leaves 6; atom_add(&S[0], 2) four times: 8;
//   atomic_max of (5i) % 7 = 0, 5, 3, 1 from 0: 5. out[i] = 100 * inc + 10 * (10 - dec) =
//   0 + 0, 100 + 10, 200 + 20, 300 + 30 = 0, 110, 220, 330.
__kernel void counters(__global int *C, __global int *D, __global int *S, __global int *M, __global int *out) {
  int i = get_local_id(0);
  int a = atomic_inc(&C[0]);
  int b = atomic_dec(&D[0]);
  atom_add(&S[0], 2);
  atomic_max(&M[0], (i * 5) % 7);
  out[i] = a * 100 + (10 - b) * 10;
}
