// spec: OpenCL 3-D ids and sizes: get_local_id/get_local_size in every dimension, final memory per flat id
// run: run --local-size 2,2,2
// exit: 0
// expect: verdict=ok final.out=[0,100,10,110,1,101,11,111] final.size=[8]
// why: with local size (2,2,2) the flat id is x + 2*(y + 2*z), which is the index computed from
//   get_local_size. Thread (x,y,z) writes 100x + 10y + z: flat 0 (0,0,0) 0, 1 (1,0,0) 100, 2 (0,1,0)
//   10, 3 (1,1,0) 110, 4 (0,0,1) 1, 5 101, 6 11, 7 111. Only thread 0 writes size[0] = 2*2*2 = 8.
__kernel void ids(__global int *out, __global int *size) {
  int x = get_local_id(0);
  int y = get_local_id(1);
  int z = get_local_id(2);
  int flat = x + get_local_size(0) * (y + get_local_size(1) * z);
  out[flat] = 100 * x + 10 * y + z;
  if (flat == 0)
    size[0] = get_local_size(0) * get_local_size(1) * get_local_size(2);
}
