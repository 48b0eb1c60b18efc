// spec: prove (OpenCL, 2-D): a tile transpose without a barrier between the write and the read races only when the group is at least 2 x 2; prove finds the 2 x 2 group among all 2-D shapes
// run: prove --local-size 4,4 --every-size
// exit: 1
// expect: verdict=race witness.threads=4 confirmed=true
// expect: accesses.0={"thread":1,"kind":"write","array":"tile","index":1,"local_id":[1,0,0]} accesses.1={"thread":2,"kind":"read","array":"tile","index":1,"local_id":[0,1,0]}
// run: prove
// exit: 1
// expect: verdict=race witness.threads=4 bound.dimensions=2 bound.threads="1..4096" confirmed=true
// run: prove --local-size 4,4
// exit: 1
// expect: verdict=race witness.threads=16 bound.mode="launch" confirmed=true
// run: run --local-size 2,2
// exit: 1
// expect: verdict=race rule=G-RACE accesses.0={"thread":1,"kind":"write","array":"tile","index":1,"local_id":[1,0,0]} accesses.1={"thread":2,"kind":"read","array":"tile","index":1,"local_id":[0,1,0]}
// run: run --local-size 2,1
// exit: 0
// expect: verdict=ok
// why: with --every-size the launch's two dimensions range, so prove ranges over every
//   group of X x Y threads (Z stays 1); without any launch option it finds the kernel's two
//   dimensions itself (it reads get_local_id(1)) and ranges the same way, up to PoCL's 4,096
//   work-items per group. With --local-size 4,4 alone prove checks that launch: a race of
//   16 threads (4 x 4 contains the 2 x 2 pattern).
//   Thread (x,y) writes tile[4y + x] and reads tile[4x + y]. X = 1: (0,y) writes cell 4y and
//   reads cell y, which another thread (0,y') writes only if y = 4y' with y' >= 1, i.e.
//   y >= 4: N >= 5. Y = 1: (x,0) writes x and reads 4x, written by (4x,0) only for x >= 1,
//   i.e. X >= 5. So every group of N <= 4 threads other than 2 x 2 is race-free, and 2 x 2
//   races: (1,0) writes tile[1], (0,1) reads tile[1]. Smallest N = 4. Under run
//   --local-size 2,2: lid = x + 2y; the smallest conflicting cell is tile[1] (tile[0] is
//   thread 0's alone): written by lid 1 = (1,0), read by lid 2 = (0,1). 2 x 1: ok. prove's
//   witness is that 2 x 2 group, replayed as the run above: its accesses are named in the
//   witness's shape, (1,0,0) and (0,1,0), not in the launch's 4 x 4 (where lid 2 would be
//   (2,0,0)).
__kernel void transpose(__global int *A, __local int *tile) {
  int x = get_local_id(0), y = get_local_id(1);
  tile[y * 4 + x] = A[get_global_id(1) * 8 + get_global_id(0)];
  A[get_global_id(1) * 8 + get_global_id(0)] = tile[x * 4 + y];
}
