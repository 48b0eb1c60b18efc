/* OpenCL C: emitted by `sdvmc litmus --emit opencl` from the KPL kernel reduced.kpl.
 * One work-group of 8 work-items, gid = 1 (a kernel argument).
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
#pragma OPENCL FP_CONTRACT OFF
#define K_THREADS 8
#define K_WORDS 41

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

#define K_U64 ulong
#define K_S64 long
K_FN K_U64 k_u64(int h, int l) { return ((K_U64)(unsigned)h << 32) | (K_U64)(unsigned)l; }
K_FN int k_lo(K_U64 x) { return (int)(unsigned)x; }
K_FN int k_hi(K_U64 x) { return (int)(unsigned)(x >> 32); }
K_FN float k_f(int a) { return as_float(a); }
K_FN int k_fbits(float x) { return as_int(x); }
K_FN int k_lashr_hi(int ah, int al, int n, K_PRIV int* e, int line) { K_U64 x = k_u64(ah, al); if (n < 0 || n >= 64) return k_raise(e, 2 + 16 * line); return k_hi((K_U64)((K_S64)x >= 0 ? (K_S64)x >> n : ~(~(K_S64)x >> n))); }
K_FN int k_lult(int ah, int al, int bh, int bl) { K_U64 x = k_u64(ah, al), y = k_u64(bh, bl); return x < y; }

K_FN int k_at_add(volatile K_LOCAL int* a, volatile K_LOCAL int* ak, int size, int oob, int i, int c, int v,
                 K_PRIV int* e, int line) {
  if (i < 0 || i >= size) return k_raise(e, oob + 16 * line);
  if (!ak[i]) ak[i] = 1;
  volatile K_LOCAL int* p = &a[i];
  (void)c;
  return atomic_add(p, v);
}

#define K_PARAMS volatile K_LOCAL int* a_In, volatile K_LOCAL int* ak_In, volatile K_LOCAL int* a_C, volatile K_LOCAL int* ak_C, int k_lid, int k_gid, K_PRIV int* k_err
#define K_ARGS a_In, ak_In, a_C, ak_C, k_lid, k_gid, k_err


__kernel void litmus(__global const int* init, __global int* out, int k_gid) {
  __local volatile int a_In[16];
  __local volatile int ak_In[16];
  __local volatile int a_C[4];
  __local volatile int ak_C[4];
  __local int k_lerr[1];
  const int k_lid = (int)get_local_id(0);
  for (int k_i = k_lid; k_i < 16; k_i += K_THREADS) { a_In[k_i] = init[1 + k_i]; ak_In[k_i] = init[17 + k_i]; }
  for (int k_i = k_lid; k_i < 4; k_i += K_THREADS) { a_C[k_i] = init[33 + k_i]; ak_C[k_i] = init[37 + k_i]; }
  if (k_lid == 0) k_lerr[0] = 0;
  K_BARRIER();
  int k_errv = 0;
  K_PRIV int* k_err = &k_errv;
  /* main */
  {
    int l_v0 = 0;
    l_v0 = k_rd(a_In, ak_In, 16, 3, 0, k_err, 8);
    { int k_i = 0; int k_c = 0; int k_v = k_lult(0, 65535, k_lid, k_lashr_hi(l_v0, 0, 23, k_err, 9));
      (void)k_at_add(a_C, ak_C, 4, 3, k_i, k_c, k_v, k_err, 9); }
    K_BARRIER();
  }
  if (k_errv) K_CAS(&k_lerr[0], 0, k_errv);
  K_BARRIER();
  for (int k_i = k_lid; k_i < 16; k_i += K_THREADS) { out[1 + k_i] = a_In[k_i]; out[17 + k_i] = ak_In[k_i]; }
  for (int k_i = k_lid; k_i < 4; k_i += K_THREADS) { out[33 + k_i] = a_C[k_i]; out[37 + k_i] = ak_C[k_i]; }
  if (k_lid == 0) out[0] = k_lerr[0];
}
