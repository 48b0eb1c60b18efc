// spec: OpenCL out-of-bounds: an index computed with exp2 reaches past an 8-cell buffer for work-item 3
// run: run --local-size 4 --buffer table=8 --buffer out=4
// exit: 1
// expect: verdict=out-of-bounds
// why: idx = (int)exp2(i) = 1, 2, 4, 8 (exact powers of two); table has cells 0..7, so work-item 3
//   reads table[8]: out of bounds. The others read inside.

/* A level-of-detail lookup that indexes a table by exp2(level): level 3 of work-item 3 reads
   past the 8-cell table. */
__kernel void lod(__global float *table, __global float *out) {
  int i = get_local_id(0);
  int idx = (int)exp2((float)i);
  out[i] = table[idx];
}
