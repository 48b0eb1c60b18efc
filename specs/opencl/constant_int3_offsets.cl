// spec: a stencil whose neighbour offsets are a program-scope __constant int3 table, as SDK samples keep them: each int3 element takes 4 cells (the size of an int4), so its initialiser list is padded to 4 cells per element and offsets[k].x reads cell 4k
// run: run --local-size 4 --buffer in=4 --buffer count=4 --buffer sum=4
// exit: 0
// expect: verdict=ok final.count=[2,3,3,2] final.sum=[0,0,0,0]
// why: offsets = {(0,0,0), (1,0,0), (-1,0,0)}: cells 0-3 = 0,0,0,pad; cells 4-7 =
//   1,0,0,pad; cells 8-11 = -1,0,0,pad. Thread i counts the k with 0 <= i + offsets[k].x < 4:
//   i = 0: j = 0, 1 (j = -1 out) -> 2; i = 1, 2: all three -> 3; i = 3: j = 3, 2 (j = 4 out)
//   -> 2. sum[i] adds the y and z components, all 0. Only reads of `in`, and each thread
//   writes its own count[i] and sum[i]: no race. (Before the padding fix, the list was laid
//   out without the fourth cells, offsets[1].x read cell 4 = 0 and offsets[2].x cell 8 = 0:
//   count = [3,3,3,3].)
__constant int3 offsets[3] = {{0, 0, 0}, {1, 0, 0}, {-1, 0, 0}};

inline int inRange(int j, int n) { return j >= 0 && j < n; }

__kernel void stencilCount(__global const int *in, __global int *count, __global int *sum) {
  const int i = get_global_id(0);
  const int n = get_global_size(0);
  int c = 0, s = 0;
  for (int k = 0; k < 3; ++k) {
    const int3 o = offsets[k];
    if (inRange(i + o.x, n)) {
      c += 1;
      s += o.y + o.z;
    }
  }
  count[i] = c;
  sum[i] = s;
}
