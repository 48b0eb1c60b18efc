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

/// The C++ headers (not the <cNAME> forms of C's) forwarded to libstdc++. <new> is not
/// (Clang's cuda_wrappers/new gives device code its operator new, which must not become
/// __host__ __device__ beside the host's): every wrapper includes it first, outside the pragma.
constexpr const char* kForwarded[] = {
    "algorithm", "array",   "bitset",   "functional", "initializer_list", "iterator", "limits",
    "memory",    "numeric",  "optional",   "ratio",            "tuple",    "type_traits",
    "typeinfo",  "utility", "variant",  "exception"};

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
using ::atoi; using ::atol; using ::atof; using ::strtol; using ::strtod; using ::rand; using ::srand;
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
using ::ldexpf; using ::modff; using ::frexpf;
}
)";

}  // namespace

std::vector<std::pair<std::string, std::string>> stdHeaderFiles() {
  std::vector<std::pair<std::string, std::string>> files;
  for (const char* name : kForwarded)
    files.emplace_back(name, fmt::format("// sdvmc's <{0}> (frontends/clang/HeadersStd.cpp): libstdc++'s, host and device.\n"
                                         "#include <new>\n"
                                         "#pragma clang force_cuda_host_device begin\n"
                                         "#include_next <{0}>\n"
                                         "#pragma clang force_cuda_host_device end\n",
                                         name));
  files.emplace_back("sdvmc_cstd.h", kStdNamesText);
  return files;
}

}  // namespace sdvmc::clangfe
