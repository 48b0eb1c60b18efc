// spec: OpenCL private variables are undefined until assigned: a flag set only inside a search loop is read after it (arbitrary when nothing matched; run takes 0), a 64-bit accumulator assigned before every read is not
// run: run --local-size 2 --buffer keys=2 --buffer out=2 --init keys=4,9 --param key=5
// exit: 0
// expect: verdict=ok final.out=[0,13]
// stderr: note: 'pos' may be read before it is assigned: it starts arbitrary
// run: check --local-size 2 --buffer keys=2 --buffer out=2 --param key=5
// exit: 1
// expect: verdict=assertion
// why: keys = [4, 9], key = 5 is not among them, so the loop never assigns pos, and the
//   assertion reads it unassigned: arbitrary. run takes 0: 0 < 1 holds;
//   total = (long)keys[0] + keys[1] = 13 is computed in the 64-bit
//   accumulator (assigned before its read: no note for it); out[lid] = lid == 0 ? pos : total:
//   [0, 13]. check (its keys from the domain 0..1, never 5: pos stays unassigned) explores pos
//   in 0..1, and pos < 1 fails for pos = 1: an assertion.
kernel void find(global const int* keys, global int* out, int key) {
  int lid = get_local_id(0);
  int pos;
  for (int i = 0; i < 2; ++i)
    if (keys[i] == key) pos = i;
  long total;
  total = (long)keys[0] + keys[1];
  if (key == 5) __assert(pos < 1);
  out[lid] = lid == 0 ? pos : (int)total;
}
