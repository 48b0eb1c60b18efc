// The C++ standard library for device code (see ClangFrontend.h): the headers of the system's
// libstdc++ (g++'s, found by Clang's driver as clang++ finds them; scripts/setup.sh installs the
// 32-bit ones the i386 host target needs), each reached through a wrapper of ours that declares
// everything in it `__host__ __device__` (Clang's `#pragma clang force_cuda_host_device`), so
// that device code may call std::min, std::swap, std::numeric_limits<T>::max() … whose bodies
// are then lowered like any other function. The C headers in their <cstdlib> forms stay ours
// (sdvmc_libc.h, Headers.cpp), with the std:: names libstdc++ and kernels use.
#include "frontends/clang/ClangFrontend.h"

#include <fmt/format.h>

namespace sdvmc::clangfe {

namespace {

/// The C++ headers (not the <cNAME> forms of C's) forwarded to libstdc++: those device code
/// uses, and those of host code (streams, containers, strings, <random>, <chrono>), so that a
/// file's `main` parses; only what a kernel calls is ever lowered. <new> is not forwarded
/// (Clang's cuda_wrappers/new gives device code its operator new, which must not become
/// __host__ __device__ beside the host's): every wrapper includes it first, outside the pragma,
/// after libstdc++'s <bits/c++config.h> inside it (that header declares std::terminate, which
/// <exception> redeclares: both must be host and device).
constexpr const char* kForwarded[] = {
    "algorithm", "array",   "bitset",   "functional", "initializer_list", "iterator", "limits",
    "memory",    "numeric",  "optional",   "ratio",            "tuple",    "type_traits",
    "typeinfo",  "utility", "variant",  "exception",
    // Host code's.
    "iostream", "ostream", "istream", "sstream", "fstream", "iomanip", "ios", "iosfwd", "vector", "string",
    "string_view", "map", "set", "unordered_map", "unordered_set", "deque", "list", "forward_list", "queue",
    "stack", "random", "chrono", "stdexcept"};

/// std:: for what sdvmc_libc.h and cuda.h declare at file scope (the <cNAME> headers put
/// them in std as well), plus std::abs on floating and long long values.
constexpr const char* kStdNamesText = R"(// sdvmc's std:: names of the C library (frontends/clang/HeadersStd.cpp).
#pragma once
#include "sdvmc_libc.h"
namespace std {
using ::size_t; using ::ptrdiff_t;
using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
using ::intptr_t; using ::uintptr_t; using ::intmax_t; using ::uintmax_t;
using ::malloc; using ::calloc; using ::realloc; using ::free; using ::exit; using ::abort;
using ::atoi; using ::atol; using ::atof; using ::strtol; using ::strtod; using ::strtoul; using ::strtoll;
using ::strtoull; using ::strtof; using ::strtold; using ::vsnprintf; using ::rand; using ::srand;
using ::time; using ::time_t; using ::clock_t; using ::clock; using ::FILE;
using ::printf; using ::fprintf; using ::sprintf; using ::snprintf; using ::puts; using ::putchar;
using ::fflush; using ::fopen; using ::fclose; using ::fread; using ::fwrite; using ::scanf; using ::fscanf;
using ::memcpy; using ::memset; using ::memcmp; using ::memmove; using ::strlen; using ::strcmp;
using ::strncmp; using ::strcpy; using ::strncpy; using ::strcat;
using ::abs; using ::llabs;
__host__ __device__ inline long abs(long x) { return x < 0 ? -x : x; }
__host__ __device__ inline long long abs(long long x) { return llabs(x); }
__host__ __device__ inline float abs(float x) { return fabsf(x); }
__host__ __device__ inline double abs(double x) { return fabs(x); }
// The long double overloads, host only (device code has no long double): libstdc++'s host
// headers call them (<random>'s distributions).
#define __SDVMC_LD1(F) __host__ long double F(long double);
#define __SDVMC_LD2(F) __host__ long double F(long double, long double);
__SDVMC_LD1(ceil) __SDVMC_LD1(floor) __SDVMC_LD1(round) __SDVMC_LD1(trunc) __SDVMC_LD1(rint) __SDVMC_LD1(exp) __SDVMC_LD1(exp2) __SDVMC_LD1(expm1) __SDVMC_LD1(log) __SDVMC_LD1(log2) __SDVMC_LD1(log10) __SDVMC_LD1(log1p) __SDVMC_LD1(sin) __SDVMC_LD1(cos) __SDVMC_LD1(tan) __SDVMC_LD1(asin) __SDVMC_LD1(acos) __SDVMC_LD1(atan) __SDVMC_LD1(sinh) __SDVMC_LD1(cosh) __SDVMC_LD1(tanh) __SDVMC_LD1(asinh) __SDVMC_LD1(acosh) __SDVMC_LD1(atanh) __SDVMC_LD1(cbrt) __SDVMC_LD1(erf) __SDVMC_LD1(erfc) __SDVMC_LD1(lgamma) __SDVMC_LD1(tgamma) __SDVMC_LD1(logb) __SDVMC_LD1(sqrt) __SDVMC_LD1(fabs)
__SDVMC_LD2(pow) __SDVMC_LD2(atan2) __SDVMC_LD2(fmod) __SDVMC_LD2(hypot) __SDVMC_LD2(copysign) __SDVMC_LD2(nextafter) __SDVMC_LD2(remainder) __SDVMC_LD2(fdim) __SDVMC_LD2(fmin) __SDVMC_LD2(fmax)
__host__ long double abs(long double); __host__ long double fma(long double, long double, long double);
__host__ long double ldexp(long double, int);
#undef __SDVMC_LD1
#undef __SDVMC_LD2
using ::fminf; using ::fmaxf; using ::fabsf; using ::sqrtf; using ::fmin; using ::fmax; using ::fabs; using ::sqrt;
using ::ceil; using ::floor; using ::round; using ::trunc; using ::rint; using ::exp; using ::exp2; using ::expm1;
using ::log; using ::log2; using ::log10; using ::log1p; using ::sin; using ::cos; using ::tan; using ::asin;
using ::acos; using ::atan; using ::sinh; using ::cosh; using ::tanh; using ::asinh; using ::acosh; using ::atanh;
using ::cbrt; using ::erf; using ::erfc; using ::lgamma; using ::tgamma; using ::logb; using ::pow;
using ::atan2; using ::fmod; using ::hypot; using ::copysign; using ::nextafter; using ::remainder; using ::fdim;
using ::fma; using ::ldexp; using ::ceilf; using ::floorf; using ::roundf; using ::truncf; using ::rintf;
using ::expf; using ::exp2f; using ::expm1f; using ::logf; using ::log2f; using ::log10f; using ::log1pf;
using ::sinf; using ::cosf; using ::tanf; using ::asinf; using ::acosf; using ::atanf; using ::sinhf;
using ::coshf; using ::tanhf; using ::asinhf; using ::acoshf; using ::atanhf; using ::cbrtf; using ::erff;
using ::erfcf; using ::lgammaf; using ::tgammaf; using ::logbf; using ::powf; using ::atan2f; using ::fmodf;
using ::hypotf; using ::copysignf; using ::nextafterf; using ::remainderf; using ::fdimf; using ::fmaf;
using ::ldexpf; using ::modff; using ::frexpf; using ::isinf; using ::isnan; using ::isfinite; using ::signbit;
#if __has_include(<bits/types/struct_tm.h>)
using ::tm;
#endif
}
)";

}  // namespace

std::vector<std::pair<std::string, std::string>> stdHeaderFiles() {
  std::vector<std::pair<std::string, std::string>> files;
  for (const char* name : kForwarded)
    files.emplace_back(name, fmt::format("// sdvmc's <{0}> (frontends/clang/HeadersStd.cpp): libstdc++'s, host and device.\n"
                                         "#pragma clang force_cuda_host_device begin\n"
                                         "#include <bits/c++config.h>\n"
                                         "#pragma clang force_cuda_host_device end\n"
                                         "#include <new>\n"
                                         // libstdc++ writes __attribute__((__noinline__)), which
                                         // cuda.h's macro of that name would break.
                                         "#pragma push_macro(\"__noinline__\")\n"
                                         "#undef __noinline__\n"
                                         "#pragma clang force_cuda_host_device begin\n"
                                         "#include_next <{0}>\n"
                                         "#pragma clang force_cuda_host_device end\n"
                                         "#pragma pop_macro(\"__noinline__\")\n",
                                         name));
  files.emplace_back("sdvmc_cstd.h", kStdNamesText);
  return files;
}

}  // namespace sdvmc::clangfe
