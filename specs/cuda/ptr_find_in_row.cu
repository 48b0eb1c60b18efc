// spec: pointer arithmetic within one array: a helper returning a pointer (a linear search over [begin, end) by pointer comparison), its result compared with the end pointer and subtracted from the row's start; a buffer one cell short makes the search of the last row read past it
// run: run --block-dim 2 --param n=3 --buffer keys=6 --init keys=5,0,7,1,1,9
// exit: 0
// expect: verdict=ok final.pos=[1,0]
// run: check --block-dim 2 --param n=3 --buffer keys=6
// exit: 0
// expect: verdict=ok
// run: check --block-dim 2 --param n=3 --buffer keys=5
// exit: 1
// expect: verdict=out-of-bounds
// why: thread t searches row t, keys[3t .. 3t+2], for the key t, through pointers into keys
//   (one static base, offsets 3t .. 3t+3). keys = [5,0,7 | 1,1,9]: row 0 holds 0 at index 1,
//   row 1 holds 1 at index 0, so findFirst returns row + 1 and row + 0, hit != row + n, and pos
//   = [hit - row] = [1, 0]. With arbitrary keys (check's domain 0..1) each thread reads only its
//   own row and writes only pos[t]: no race, every offset below 6: ok. With 5 cells, thread 1's
//   row is keys[3..5]; when keys[3] and keys[4] are both 0 (not its key 1) it reads keys[5],
//   past the buffer: out-of-bounds.
__device__ const int* findFirst(const int* begin, const int* end, int key) {
  for (const int* p = begin; p < end; ++p)
    if (*p == key) return p;
  return end;
}

__global__ void locate(const int* keys, int* pos, int n) {
  int t = threadIdx.x;
  const int* row = keys + t * n;
  const int* hit = findFirst(row, row + n, t);
  pos[t] = hit == row + n ? -1 : (int)(hit - row);
}
