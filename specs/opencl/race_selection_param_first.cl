// spec: OpenCL race report order: a __local pointer parameter comes before a __local array, whatever the program order
// run: run --local-size 4
// exit: 1
// expect: verdict=race rule=G-RACE threads=[0,1] location.line=19
// expect: accesses.0={"thread":0,"kind":"write","array":"s","index":0,"location":{"line":17}}
// expect: accesses.1={"thread":1,"kind":"read","array":"s","index":0,"location":{"line":18}}
// why: two arrays have conflicts: t (t[c] written by c at line 15, read by (c+3)%4 at line 16)
//   and the parameter s (s[c] written by c at line 17, read by thread c+1 at line 18, since
//   (i+3)%4 = c). out[i] is only touched by thread i. Arrays are ordered pointer parameters
//   first (out, s), then __local arrays (t): the reported cell is s[0], writer 0, reader 1,
//   although t's accesses come first in the program. Found at the closing brace (line 19).
__kernel void order(__global int *out, __local int *s) {
  __local int t[4];
  int i = get_local_id(0);
  t[i] = i;
  out[i] = t[(i + 1) % 4];
  s[i] = i;
  out[i] += s[(i + 3) % 4];
}
