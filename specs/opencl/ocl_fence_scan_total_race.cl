// spec: OpenCL block sum published to __global and read by the whole group after barrier(CLK_LOCAL_MEM_FENCE): a race on the total
// run: run --local-size 4 --init in=1,2,3,4 --init total=1
// exit: 1
// expect: verdict=race rule=G-RACE threads=[3,0] location.line=35
// expect: accesses.0={"thread":3,"kind":"write","array":"total","index":0,"location":{"line":32}}
// expect: accesses.1={"thread":0,"kind":"read","array":"total","index":0,"location":{"line":34}}
// why: the reduction itself is correct: a tree over a __local array, each round's reads and
//   writes separated by barrier(CLK_LOCAL_MEM_FENCE) (barrier(local)). Then the last
//   work-item (3) writes total[0] = 10 (line 32) and, after one more local-only fence (line
//   33), every work-item reads total[0] (line 34) to normalise its element. The global logs
//   are kept across every barrier(local), and so is work-item 3's write: it is not merged,
//   so work-items 0..2 still see the initial total[0] = 1 (hence --init total=1: with the
//   default 0 they would divide by zero first), work-item 3 its own 10. At the final barrier
//   (the closing brace, line 35) total[0] has writer 3 and readers 0, 1, 2, 3: the pair
//   reported is the writer and the smallest other reader, 0. in[i] and out[i] are each
//   work-item's own cells.
#define N 4

void reduce(__local int *part, int i) {
  for (int s = N / 2; s > 0; s >>= 1) {
    if (i < s) part[i] += part[i + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel void normalise(__global const int *in, __global int *total, __global int *out) {
  __local int part[N];
  int i = get_local_id(0);
  part[i] = in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  reduce(part, i);
  if (i == N - 1) total[0] = part[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = in[i] * 100 / total[0];
}
