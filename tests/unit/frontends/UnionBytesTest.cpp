// Unions with members narrower than a word, lowered as bytes (frontends/clang/LowerUnion.cpp):
// every member at its C byte offset, little-endian; word unions keep their word cells.
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

using namespace fetest;

SCENARIO("a union of narrow members is its bytes: structs with padding, halves, floats, doubles, signed chars",
         "[frontends][clang][union]") {
  const std::string src = R"(
union Mixed {
  struct { unsigned char tag; unsigned short len; float f; } s;  // tag byte 0, len bytes 2..3, f 4..7
  unsigned int w[2];
  double d;
  signed char c[8];
  unsigned char b[8];
};
__device__ Mixed withLen(Mixed m, unsigned short len) { m.s.len = len; return m; }
__global__ void k(int *A) {
  Mixed m;
  m.w[0] = 0x12345678u;
  m.w[1] = 0x3f800000u;
  A[0] = m.s.tag;
  A[1] = m.s.len;
  A[2] = m.s.f == 1.0f;
  m.d = 2.0;
  A[3] = (int)m.w[1];
  A[4] = m.c[7];
  m.c[7] = -1;
  A[5] = (int)m.w[1];
  Mixed n = withLen(m, 0xBEEF);
  A[6] = (int)n.w[0];
  A[7] = n.d < 0.0;
  A[8] = m.w[0];
  unsigned char *p = n.b;
  p[1] = 0x80;
  A[9] = n.c[1];
  A[10] = (int)n.w[0];
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"A", 11}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // tag = byte 0 of 0x12345678 = 0x78; len = bytes 2..3 = 0x1234; f = bits of w[1] = 1.0f.
  // d = 2.0 = 0x40000000'00000000: w[1] = 0x40000000, c[7] = 0x40; c[7] = -1 sets byte 7 only.
  // withLen's copy: len 0xBEEF in bytes 2..3 of n (m unchanged: 0 since d = 2.0), d's sign bit set.
  // p = n.b points at byte 0; p[1] = 0x80 is byte 1, read back as a signed char.
  CHECK(r.arrays.at("A") == W{0x78, 0x1234, 1, 0x40000000, 0x40, static_cast<sem::Word>(0xFF000000u),
                              static_cast<sem::Word>(0xBEEF0000u), 1, 0, -128, static_cast<sem::Word>(0xBEEF8000u)});
  // The whole union is 8 byte cells, named by their byte.
  Lowered l = lowerOk(src, fe::Language::Cuda, launch1d(1, {{"A", 11}}));
  CHECK(l.text.find("m_byte7") != std::string::npos);
}

SCENARIO("a union of whole words keeps its word cells", "[frontends][clang][union]") {
  Lowered l = lowerOk("union U { int a; float f; };\n__global__ void k(int *A) {\n  U u;\n  u.f = 1.0f;\n  A[0] = u.a;\n}\n",
                      fe::Language::Cuda, launch1d(1, {{"A", 1}}));
  CHECK(l.text.find("byte") == std::string::npos);
  Ran r = runText("union U { int a; float f; };\n__global__ void k(int *A) {\n  U u;\n  u.f = 1.0f;\n  A[0] = u.a;\n}\n",
                  fe::Language::Cuda, launch1d(1, {{"A", 1}}));
  CHECK(r.arrays.at("A") == W{0x3f800000});
}

SCENARIO("in shared memory, bytes of one word written by different threads do not race; a word and a byte of it do",
         "[frontends][clang][union]") {
  auto src = [](const std::string& clobber) {
    return "union P { unsigned int u; unsigned char b[4]; };\n__global__ void k(int *A) {\n  __shared__ P s;\n"
           "  s.b[threadIdx.x] = threadIdx.x + 1;\n" + clobber + "  __syncthreads();\n  if (threadIdx.x == 0) A[0] = s.u;\n}\n";
  };
  Ran ok = runText(src(""), fe::Language::Cuda, launch1d(4, {{"A", 1}}));
  REQUIRE(ok.verdict == sem::VerdictKind::Ok);
  CHECK(ok.arrays.at("A") == W{0x04030201});
  Ran race = runText(src("  if (threadIdx.x == 3) s.u = 0;\n"), fe::Language::Cuda, launch1d(4, {{"A", 1}}));
  CHECK(race.verdict == sem::VerdictKind::Race);
}

SCENARIO("what a union lowered as bytes cannot give is refused, located", "[frontends][clang][union]") {
  auto err = [](const std::string& body) {
    return firstError(lowerText("union P { unsigned int u; unsigned char b[4]; struct { short lo, hi; } h; };\n"
                                "__global__ void k(unsigned int *A) {\n" + body + "}\n",
                                fe::Language::Cuda, launch1d(1, {{"A", 1}})));
  };
  // A pointer to a word member would count cells of 4 bytes: refused (bytes are fine).
  CHECK(err("  P p;\n  p.u = 1;\n  atomicAdd(&p.u, 1u);\n") ==
        "5:14: unsupported: a pointer to 'unsigned int' inside a union lowered as bytes (it spans 4 bytes; only a byte "
        "or an array of bytes of such a union can be pointed to or referred to)");
  CHECK(err("  P p;\n  short &r = p.h.hi;\n  r = 1;\n").rfind("4:14: unsupported: a reference to 'short' inside a union", 0) == 0);
  CHECK(err("  P p = {1u};\n  A[0] = p.u;\n").empty());
  CHECK(err("  P p = {};\n  A[0] = p.b[2];\n").empty());
  // An initialiser of a member that leaves bytes indeterminate, or of an array member: refused.
  auto errQ = [](const std::string& decl) {
    return firstError(lowerText(decl + "\n__global__ void k(unsigned int *A) {\n  Q q = {1};\n  A[0] = q.u;\n}\n",
                                fe::Language::Cuda, launch1d(1, {{"A", 1}})));
  };
  CHECK(errQ("union Q { unsigned char c; unsigned int u; };")
            .rfind("3:9: unsupported: an initialiser of member 'c' of 'union Q', which leaves byte 1 of the union indeterminate", 0) == 0);
  CHECK(errQ("union Q { short h[2]; unsigned int u; };").rfind("3:9: unsupported: an initialiser of the array member 'h'", 0) == 0);
  // Members a byte layout cannot hold.
  CHECK(firstError(lowerText("union Q { int *p; unsigned char b[8]; };\n__global__ void k(int *A) {\n  Q q;\n}\n",
                             fe::Language::Cuda, launch1d(1)))
            .rfind("3:5: unsupported: union Q: member 'p' of type 'int *' holds a pointer", 0) == 0);
  CHECK(firstError(lowerText("union Q { unsigned u; struct { unsigned a : 4; } f; };\n__global__ void k(int *A) {\n  Q q;\n}\n",
                             fe::Language::Cuda, launch1d(1)))
            .rfind("3:5: unsupported: bit-field 'a' of 'struct Q::(unnamed", 0) == 0);
}

SCENARIO("a brace initialiser of a union lowered as bytes splits the member it initialises into bytes",
         "[frontends][clang][union]") {
  const std::string src = R"(
union C { struct { unsigned char b, g, r, a; } c; unsigned int u; };
union I { signed char q; unsigned char raw[1]; };
__global__ void k(int *out) {
  C x = {{1, 2, 3, 4}};
  C y = {0};
  C z = {.u = 0xAABBCCDDu};
  I i = {-1};
  out[0] = x.u;
  out[1] = y.u;
  out[2] = z.c.r;
  out[3] = i.raw[0];
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"out", 4}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // b, g, r, a = 1, 2, 3, 4 → 0x04030201; {0}: the struct's other fields zero; .u: r is byte 2;
  // the signed char -1 is the byte 0xFF.
  CHECK(r.arrays.at("out") == W{0x04030201, 0, 0xBB, 0xFF});
}

SCENARIO("a union's constructor and member functions write its bytes", "[frontends][clang][union]") {
  const std::string src = R"(
union C {
  __device__ C() : u(0x01020304u) {}
  __device__ explicit C(unsigned v) { u = v; }
  unsigned char b[4];
  unsigned int u;
  __device__ unsigned char low() const { return b[0]; }
  __device__ void setHigh(unsigned char v) { b[3] = v; }
};
__global__ void k(unsigned int *out) {
  C x;
  out[0] = x.u;
  C y(0xAABBCCDDu);
  out[1] = y.low();
  y.setHigh(0x11);
  out[2] = y.u;
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"out", 3}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // The member initialiser writes all four bytes; low() is byte 0 (0xDD); setHigh byte 3 only.
  CHECK(r.arrays.at("out") == W{0x01020304, 0xDD, 0x11BBCCDD});
}

SCENARIO("a private union lowered as bytes may be viewed as words and as bytes through casts", "[frontends][clang][union]") {
  const std::string src = R"(
union C { unsigned char b[4]; unsigned int u; };
__device__ unsigned int wordOf(C c) { return *reinterpret_cast<unsigned int *>(&c); }
__global__ void k(unsigned int *out) {
  C x;
  x.b[0] = 1; x.b[1] = 2; x.b[2] = 3; x.b[3] = 4;
  out[0] = *reinterpret_cast<unsigned int *>(&x);
  reinterpret_cast<unsigned int *>(&x)[0] = 0xAABBCCDDu;
  out[1] = x.b[1];
  out[2] = wordOf(x);
  unsigned char *p = reinterpret_cast<unsigned char *>(&x);
  p[3] = 0;
  out[3] = x.u;
}
)";
  Ran r = runText(src, fe::Language::Cuda, launch1d(1, {{"out", 4}}));
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  // The word view assembles bytes 0..3 little-endian and splits a written word into them.
  CHECK(r.arrays.at("out") == W{0x04030201, 0xCC, static_cast<sem::Word>(0xAABBCCDDu), 0x00BBCCDD});
}
