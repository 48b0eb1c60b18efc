/* Independent derivation of the float values of the math specs (specs/opencl/math_*.cl,
   specs/cuda/math_*.cu): glibc's float functions,
   float arithmetic (SSE, round to nearest, no contraction), in the kernels' order. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <string.h>
static int B(float f) { int i; memcpy(&i, &f, 4); return i; }
static void P(const char *n, float f) { printf("%s = %.9g = 0x%08x = %d\n", n, f, (unsigned)B(f), B(f)); }
static float F(unsigned b) { float f; memcpy(&f, &b, 4); return f; }
int main(void) {
  /* softmax */
  { float x[4], e[4], m; for (int i = 0; i < 4; ++i) x[i] = 0.5f * (float)i - 1.0f;
    m = x[0]; for (int j = 1; j < 4; ++j) m = fmaxf(m, x[j]);
    for (int i = 0; i < 4; ++i) e[i] = expf(x[i] - m);
    float t = ((e[0] + e[1]) + e[2]) + e[3]; P("softmax total", t);
    for (int i = 0; i < 4; ++i) { P("softmax e", e[i]); P("softmax prob", e[i] / t); } }
  /* sigmoid */
  { float W[4] = {1, -2, 0.5f, 0}, Bb[4] = {0, 1, -0.25f, 3}, x[4] = {1, 0.5f, 2, -1};
    for (int i = 0; i < 4; ++i) { float z = W[i] * x[i] + Bb[i]; P("sigmoid z", z); P("sigmoid y", 1.0f / (1.0f + expf(-z))); } }
  /* normalize (1,1,1,1) */
  { float h = hypotf(hypotf(hypotf(fabsf(1.0f), 1.0f), 1.0f), 1.0f); P("len(1,1,1,1)", h); P("1/len", 1.0f / h);
    P("3/5", 3.0f / 5.0f); P("4/5", 4.0f / 5.0f); P("hypot(3,4)", hypotf(hypotf(hypotf(3, 4), 0), 0)); }
  /* geometry */
  { float d1 = hypotf(hypotf(hypotf(fabsf(1.0f - 0.0f), 0.0f - 2.0f), 0.0f - 0.0f), 0.0f - 0.0f); P("dist tri0", d1);
    P("facing tri0", 2.0f + d1);
    float d2 = hypotf(hypotf(hypotf(fabsf(1.0f - -1.0f), 1.0f - 1.0f), 0.0f), 0.0f); P("dist tri1", d2); P("facing tri1", 2.0f + d2); }
  /* native/half */
  for (int i = 0; i < 3; ++i) { float m = (float)(i + 1); float inv = 1.0f / m; float drag = expf(-0.5f * (float)i);
    float vel = 1.0f; vel = (vel / m) * drag; float pos = 1.0f; pos = pos + vel * sqrtf(inv) + 1.0f / sqrtf(4.0f);
    P("native vel", vel); P("native pos", pos); }
  /* black-scholes */
  { float S[3] = {100, 110, 90}; float K = 100, r = 0.05f, v = 0.25f, T = 4;
    for (int i = 0; i < 3; ++i) { float a = (logf(S[i] / K) + (r + 0.5f * v * v) * T) / (v * sqrtf(T));
      P("bs d1", a); P("bs d2", a - v * sqrtf(T)); }
    P("bs disc", K * expf(-r * T)); P("-r*T", -r * T); }
  /* nbody */
  { float x[3] = {0, 1, 3};
    for (int i = 0; i < 3; ++i) { float acc = 0;
      for (int j = 0; j < 3; ++j) if (j != i) { float d = x[j] - x[i]; float inv = 1.0f / sqrtf(d * d + 0.25f);
          acc += d * inv * inv * inv; P("  pull", d * inv * inv * inv); }
      P("nbody f", acc); } }
  /* intrinsics */
  { float x[3] = {2, -0.5f, F(0x3f800800)};
    for (int i = 0; i < 3; ++i) { float v = x[i]; P("intr q", v / 4.0f + 1.0f / 2.0f); P("intr s", fminf(fmaxf(v, 0), 1));
      P("intr fused", fmaf(v, v, -1.0f)); P("intr split", v * v + -1.0f); } }
  P("3e9", 3e9f); P("-3e9", -3e9f);
  /* gelu */
  { float x[3] = {1, -0.5f, 2};
    for (int i = 0; i < 3; ++i) { float v = x[i]; P("gelu", 0.5f * v * (1.0f + erff(v * 0.70710678f)));
      P("gelu tanh", 0.5f * v * (1.0f + tanhf(0.7978846f * (v + 0.044715f * v * v * v)))); } }
  /* polar */
  { float x[2] = {3, 0}, y[2] = {4, 1};
    for (int i = 0; i < 2; ++i) { float a = atan2f(y[i], x[i]); float r = hypotf(x[i], y[i]);
      P("polar a", a); P("polar r", r); P("polar theta", a * 57.29578f); P("polar back", r * cosf(a) + r * sinf(a)); } }
  P("cbrt10", cbrtf(10)); P("cbrt20", cbrtf(20)); P("cbrt30", cbrtf(30)); P("tan1", tanf(1)); P("tan2", tanf(2)); P("tan3", tanf(3));
  for (int i = 0; i < 4; ++i) P("t powf+cbrt", powf(0.5f, (float)i) + cbrtf((float)(i * 10)));
  for (int i = 0; i < 4; ++i) { P("sinf", sinf((float)i)); P("cosf", cosf((float)i)); }
  return 0;
}
/* Build and run: gcc -O0 -fno-builtin -ffp-contract=off -o math_values math_values.c -lm
   (-fno-builtin: gcc would otherwise fold the calls with MPFR, not call glibc's functions;
   -ffp-contract=off: no fused multiply-adds). It does not use sdvmc. */
