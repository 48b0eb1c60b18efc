// spec: OpenCL if / else if / else chain and ?: on the local id
// run: run --local-size 4
// exit: 0
// expect: verdict=ok final.out=[5,102,4,97]
// why: r: i = 0 → 5; i = 1, 2 (i < 3) → 2i = 2, 4; i = 3 → -3. t = r + 100 for odd i, else r:
//   5, 102, 4, 97.
__kernel void branches(__global int *out) {
  int i = get_local_id(0);
  int r;
  if (i == 0)
    r = 5;
  else if (i < 3)
    r = i * 2;
  else
    r = -i;
  int t = (i % 2) ? r + 100 : r;
  out[i] = t;
}
