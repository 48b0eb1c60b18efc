/* OpenCL C: emitted by `sdvmc litmus --emit opencl` from the KPL kernel reduced.kpl.
 * One work-group of 4 work-items, gid = 3 (a kernel argument).
 * Arbitrary initial values (`*`, arrays without initialiser, mem) start at 0 (`*V` at V), as
 * in `sdvmc run`; the known-flags (ak_*) record which of them were read or written.
 * The default memory mem, when used, is a local array of 1024 words: an address outside
 * [0, 1024) is an unsupported case (the run reports `error: unsupported ...`).
 * Errors (KPL verdicts) are recorded as kind + 16 * line in out[0], the first one a
 * work-item meets (the failing operation yields 0 and the work-item carries on: no
 * control flow is added to the kernel's, which changes what e.g. PoCL does with
 * divergent barriers). Without errors the control flow is exactly the KPL kernel's. */
#define K_LOCAL __local
#define K_PRIV __private
#define K_FN
#define K_BARRIER() barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
#define K_CAS(p, o, n) atomic_cmpxchg(p, o, n)
#define K_THREADS 4
#define K_WORDS 65

K_FN int k_raise(K_PRIV int* e, int code) { if (!*e) *e = code; return 0; }
K_FN int k_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
K_FN int k_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
K_FN int k_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
K_FN int k_neg(int a) { return (int)(0u - (unsigned)a); }
K_FN int k_div(int a, int b, K_PRIV int* e, int line) {
  if (b == 0) return k_raise(e, 1 + 16 * line);
  return b == -1 ? k_neg(a) : a / b;
}
K_FN int k_rem(int a, int b, K_PRIV int* e, int line) {
  if (b == 0) return k_raise(e, 1 + 16 * line);
  return b == -1 ? 0 : a % b;
}
K_FN int k_shl(int a, int b, K_PRIV int* e, int line) {
  if (b < 0 || b >= 32) return k_raise(e, 2 + 16 * line);
  return (int)((unsigned)a << b);
}
K_FN int k_shr(int a, int b, K_PRIV int* e, int line) {  /* arithmetic */
  if (b < 0 || b >= 32) return k_raise(e, 2 + 16 * line);
  return a >= 0 ? a >> b : ~(~a >> b);
}
K_FN int k_udiv(int a, int b, K_PRIV int* e, int line) {
  if (b == 0) return k_raise(e, 1 + 16 * line);
  return (int)((unsigned)a / (unsigned)b);
}
K_FN int k_urem(int a, int b, K_PRIV int* e, int line) {
  if (b == 0) return k_raise(e, 1 + 16 * line);
  return (int)((unsigned)a % (unsigned)b);
}
K_FN int k_lshr(int a, int b, K_PRIV int* e, int line) {
  if (b < 0 || b >= 32) return k_raise(e, 2 + 16 * line);
  return (int)((unsigned)a >> b);
}
K_FN int k_rd(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i,
              K_PRIV int* e, int line) {
  if (i < 0 || i >= size) return k_raise(e, oob + 16 * line);
  if (!ak[i]) ak[i] = 1;
  return a[i];
}
K_FN void k_wr(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i, int v,
               K_PRIV int* e, int line) {
  if (i < 0 || i >= size) { k_raise(e, oob + 16 * line); return; }
  a[i] = v;
  if (!ak[i]) ak[i] = 1;
}

#define K_PARAMS volatile K_LOCAL int* a_O, volatile K_LOCAL int* ak_O, int k_lid, int k_gid, K_PRIV int* k_err
#define K_ARGS a_O, ak_O, k_lid, k_gid, k_err


__kernel void litmus(__global const int* init, __global int* out, int k_gid) {
  __local volatile int a_O[32];
  __local volatile int ak_O[32];
  __local int k_lerr[1];
  const int k_lid = (int)get_local_id(0);
  for (int k_i = k_lid; k_i < 32; k_i += K_THREADS) { a_O[k_i] = init[1 + k_i]; ak_O[k_i] = init[33 + k_i]; }
  if (k_lid == 0) k_lerr[0] = 0;
  K_BARRIER();
  int k_errv = 0;
  K_PRIV int* k_err = &k_errv;
  /* main */
  {
    int l_v0 = 0, l_v2 = 0, l_j1 = 0;
    {
      for (;;) {
        int k_c = (l_j1 < k_lid);
        if (!k_c) break;
        {
          {
            l_v0 = k_add(l_v0, 792);
            l_v2 = k_add(l_v2, l_v0);
            l_j1 = k_add(l_j1, 1);
          }
        }
      }
    }
    { int k_i = k_lid; int k_v = l_v2;
      k_wr(a_O, ak_O, 32, 3, k_i, k_v, k_err, 14); }
    K_BARRIER();
  }
  if (k_errv) K_CAS(&k_lerr[0], 0, k_errv);
  K_BARRIER();
  for (int k_i = k_lid; k_i < 32; k_i += K_THREADS) { out[1 + k_i] = a_O[k_i]; out[33 + k_i] = ak_O[k_i]; }
  if (k_lid == 0) out[0] = k_lerr[0];
}
