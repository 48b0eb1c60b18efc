// spec: C++ uninitialised locals in a helper: a lookup returns a variable that only one branch assigns (a value of 0 or 7 for a found key, arbitrary when the key is missing); a variable written before every read stays 0-initialised and adds no note
// run: run --block-dim 2 --param key=3
// exit: 0
// expect: verdict=ok final.out=[0,0]
// stderr: note: 'found' may be read before it is assigned: it starts arbitrary
// run: check --block-dim 2 --param key=3
// exit: 1
// expect: verdict=assertion
// run: check --block-dim 2 --param key=1
// exit: 0
// expect: verdict=ok
// why: lookup(k) assigns `found` only when k < 2 (found = 7 * k), else returns it unassigned:
//   arbitrary. `scratch` is assigned before it is read, so it is not arbitrary. key = 3: run reads
//   0 for found, both threads write 0 + scratch - scratch = 0, the assertion `v == 0 || v == 7`
//   holds for 0. check explores found in 0..1 and a thread with found = 1 breaks it. key = 1:
//   found = 7 for both threads, 7 is allowed: ok in every state.
template <typename T>
__device__ T lookup(T k) {
  T found;
  if (k < 2) found = 7 * k;
  return found;
}
__global__ void probe(int* out, int key) {
  int t = threadIdx.x;
  int scratch;
  scratch = t * 3;
  int v = lookup(key);
  assert(v == 0 || v == 7);
  out[t] = (v == 7 ? 0 : v) + scratch - scratch;
}
