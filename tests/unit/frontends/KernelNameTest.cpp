// --kernel 'name<args>' (frontends/clang/ClangFrontend.cpp and Lowering.cpp): the spelling is
// resolved by Clang (typedefs, aliases, default template arguments, constant expressions),
// which instantiates a specialisation the file does not; unknown names and non-kernels are
// errors that name what the file has; the older spellings (the name without its namespaces,
// the template's name alone) still choose.
#include "FrontendHelpers.h"
#include "frontends/clang/ClangFrontend.h"

#include <catch2/catch.hpp>

using namespace fetest;

namespace {

const char* kSource = R"(
#include <cstdint>
namespace ns {
using small_t = uint8_t;
template <typename T, int N, typename Acc = int>
__global__ void fill(Acc* out) { out[threadIdx.x] = (Acc)(sizeof(T) * 100 + N); }
template <typename T> __device__ T twice(T x) { return x + x; }
}  // namespace ns
template __global__ void ns::fill<int, 7>(int*);
)";

fe::LaunchOptions named(const std::string& kernel) {
  fe::LaunchOptions o = launch1d(2, {{"out", 2}});
  o.kernel = kernel;
  return o;
}

}  // namespace

SCENARIO("--kernel resolves a specialisation spelt with typedefs, aliases, expressions and default arguments",
         "[frontends][clang][launch][kernel-name]") {
  GIVEN("a file that instantiates only ns::fill<int, 7>") {
    WHEN("the spelling names an uninstantiated specialisation through typedefs") {
      // uint8_t and ns::small_t are unsigned char (sizeof 1); 2 * 3 is 6; Acc defaults to int.
      for (const char* k : {"ns::fill<uint8_t, 6>", "ns::fill<ns::small_t, 2 * 3>", "ns::fill<unsigned char, 6, int>"}) {
        INFO(k);
        Ran r = runText(kSource, fe::Language::Cuda, named(k));
        THEN("that specialisation is lowered") {
          REQUIRE(r.verdict == sem::VerdictKind::Ok);
          CHECK(r.arrays.at("out") == W{106, 106});
        }
      }
    }
    WHEN("the spelling differs from Clang's printing of the file's instantiation") {
      for (const char* k : {"ns::fill<int32_t, 7>", "ns::fill<int,7,int>", "fill<int, 7>", "ns::fill"}) {
        INFO(k);
        Ran r = runText(kSource, fe::Language::Cuda, named(k));
        THEN("the file's instantiation is chosen (sizeof(int) * 100 + 7)") {
          REQUIRE(r.verdict == sem::VerdictKind::Ok);
          CHECK(r.arrays.at("out") == W{407, 407});
        }
      }
    }
    WHEN("the spelling leaves out the namespace of an uninstantiated specialisation") {
      Ran r = runText(kSource, fe::Language::Cuda, named("fill<uint8_t, 6>"));
      THEN("the file's one template kernel of that name is instantiated (sizeof(unsigned char) * 100 + 6)") {
        REQUIRE(r.verdict == sem::VerdictKind::Ok);
        CHECK(r.arrays.at("out") == W{106, 106});
      }
    }
    WHEN("the name resolves to nothing") {
      Lowered l = lowerText(kSource, fe::Language::Cuda, named("ns::fil<int, 7>"));
      THEN("it is an error at 1:1 with Clang's reason and the file's instantiations") {
        CHECK(!l.program);
        CHECK(firstError(l) == "1:1: no kernel named 'ns::fil<int, 7>' (--kernel) (no template named 'fil' in "
                               "namespace 'ns'; did you mean 'fill'?); the file has ns::fill<int, 7, int>");
      }
    }
    WHEN("the name resolves to a device function") {
      Lowered l = lowerText(kSource, fe::Language::Cuda, named("ns::twice<uint8_t>"));
      THEN("it is an error saying it is not a kernel") {
        CHECK(!l.program);
        CHECK(firstError(l) == "1:1: --kernel 'ns::twice<uint8_t>' names 'ns::twice<unsigned char>', which is not a "
                               "kernel (a __global__ function); the file has ns::fill<int, 7, int>");
      }
    }
    WHEN("the spelling is malformed after a specialisation Clang instantiates on its way") {
      Lowered l = lowerText(kSource, fe::Language::Cuda, named("ns::fill<uint8_t, 6>>"));
      THEN("the error lists the file's instantiations only, not ns::fill<unsigned char, 6, int>") {
        CHECK(!l.program);
        CHECK(firstError(l) == "1:1: no kernel named 'ns::fill<uint8_t, 6>>' (--kernel) (expected expression); "
                               "the file has ns::fill<int, 7, int>");
      }
    }
    WHEN("the spelling has more after the name") {
      Lowered l = lowerText(kSource, fe::Language::Cuda, named("ns::fill<int, 7>; int x"));
      THEN("nothing is chosen from it") {
        CHECK(!l.program);
        CHECK(firstError(l).rfind("1:1: no kernel named 'ns::fill<int, 7>; int x' (--kernel); the file has ns::fill<int, 7, int>", 0) == 0);
      }
    }
  }
}
