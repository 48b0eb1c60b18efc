// spec: OpenCL atomics on a __local pointer parameter: cmpxchg chain in lid order, or/and/xor, two groups with fresh local memory
// run: run --local-size 3 --num-groups 2
// exit: 0
// expect: verdict=ok final.out=[373,1373,2373,373,1373,2373] final.L=[3,7,0,3]
// why: local memory starts at 0 for each group. In ascending lid order, cmpxchg(&L[0], i, i+1):
//   thread 0 finds 0 = 0 → 1, thread 1 finds 1 → 2, thread 2 finds 2 → 3: old = i, L[0] = 3.
//   L[1] |= 1, 2, 4 → 7; L[2] &= ~bit stays 0; L[3] ^= 3 three times → 3. After the barrier:
//   out = 1000 old + 100*3 + 10*7 + 3 = 373, 1373, 2373, the same in group 1 (its own L).
__kernel void chain(__global int *out, __local int *L) {
  int i = get_local_id(0);
  int old = atomic_cmpxchg(&L[0], i, i + 1);
  atomic_or(&L[1], 1 << i);
  atomic_and(&L[2], ~(1 << i));
  atomic_xor(&L[3], 3);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = old * 1000 + L[0] * 100 + L[1] * 10 + L[3];
}
