// Unit tests of `sdvmc crosscheck`'s corpus reader (crosscheck/Corpus.h) and of
// the kernel signatures it describes to Oclgrind (crosscheck/Oracle.h): GPUVerify's header
// lines, the flags, the classification of the expected output's regexes.
#include "crosscheck/Corpus.h"
#include "crosscheck/Oracle.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sdvmc::crosscheck;
using Kinds = std::vector<std::string>;

TEST_CASE("GPUVerify regexes name the kind of violation", "[crosscheck]") {
  CHECK(kindsOfRegex(R"(kernel.cl:\s*error:\s*possible\s*write-write\s*race\s*on\s*A)") == Kinds{"race"});
  CHECK(kindsOfRegex(R"(barrier\s*may\s*be\s*reached\s*by\s*non-uniform\s*control\s*flow)") == Kinds{"divergence"});
  CHECK(kindsOfRegex("Barrier Divergence") == Kinds{"divergence"});
  CHECK(kindsOfRegex(R"(this\s*assertion\s*might\s*not\s*hold)") == Kinds{"assertion"});
  CHECK(kindsOfRegex(R"(loop\s*invariant\s*might\s*not\s*hold)") == Kinds{"assertion"});
  CHECK(kindsOfRegex("postcondition might not hold") == Kinds{"assertion"});
  CHECK(kindsOfRegex("a precondition for this call might not hold") == Kinds{"assertion"});
  CHECK(kindsOfRegex(R"(possible\s*array\s*out-of-bounds\s*access)") == Kinds{"out-of-bounds"});
  CHECK(kindsOfRegex(R"(possible\s*null\s*pointer\s*access)") == Kinds{"null"});
  CHECK(kindsOfRegex(R"(kernel.cl:12:3:)").empty());
}

TEST_CASE("GPUVerify format: line 1, flags, regexes", "[crosscheck]") {
  Entry e;
  const std::string text =
      "//XFAIL:not_all_verified\n"
      "//--local_size=[4,2] --num_groups=2 --no-inline --no-benign-tolerance --only-intra-group "
      "--equality-abstraction --warp-sync=32 --clang-opt=-I${KERNEL_DIR} --bogus\n"
      "//possible\\s*read-write\\s*race\n"
      "//barrier\\s*divergence\n"
      "\n"
      "// not a regex: after the blank line\n"
      "__kernel void k() {}\n";
  REQUIRE(readGpuVerify("dir/k.cl", text, e));
  CHECK(e.format == Format::GpuVerify);
  CHECK(e.language == "opencl");
  CHECK(e.expected.kinds == Kinds{"race", "divergence"});
  CHECK(e.expected.regexes.size() == 2);
  // --warp-sync=32 is honoured as sdvmc's warp model (and Oclgrind, which has no warps, is
  // not asked).
  CHECK(e.args == std::vector<std::string>{"--local-size", "[4,2]", "--num-groups", "2", "--no-inline", "--model",
                                           "simt:32"});
  CHECK(e.warpSync);
  CHECK(e.oracleUnfit.rfind("--warp-sync=32:", 0) == 0);
  CHECK_FALSE(e.benignWrites);
  CHECK_FALSE(e.interGroup);
  REQUIRE(e.notes.size() == 3);
  CHECK(e.notes[0].rfind("--equality-abstraction: GPUVerify's verification technique", 0) == 0);
  CHECK(e.notes[1].rfind("--clang-opt=-Idir:", 0) == 0);  // ${KERNEL_DIR} replaced
  CHECK(e.notes[2] == "--bogus: unknown flag, ignored");
}

TEST_CASE("GPUVerify format: the flags that change the question, in sdvmc's words", "[crosscheck]") {
  Entry e;
  const std::string text =
      "//pass\n"
      "//--local_size=4 --global_offset=2 --kernel-args=k,5,* --only-log --vcgen-opt=/checkArrays:$$A,$$B "
      "--no-annotations --invariants-as-candidates --check-array-bounds --vcgen-opt=/other\n"
      "__kernel void k(__global int *A, __global int *B, int n, int m) {}\n";
  REQUIRE(readGpuVerify("k.cl", text, e));
  CHECK(e.args == std::vector<std::string>{"--local-size", "4", "--global-offset", "2", "--kernel-args", "k,5,*",
                                           "--only-divergence", "--check-arrays", "$$A,$$B", "--no-annotations",
                                           "--invariants-as-candidates"});
  CHECK(e.checkArrayBounds);
  CHECK_FALSE(e.warpSync);
  REQUIRE(e.notes.size() == 2);
  CHECK(e.notes[0].rfind("--only-log: accesses are logged but races not checked", 0) == 0);
  CHECK(e.notes[1].rfind("--vcgen-opt=/other: GPUVerify's verification technique", 0) == 0);
  CHECK_FALSE(e.oracleUnfit.empty());
}

TEST_CASE("GPUVerify format: pass, other xfail codes, defaults", "[crosscheck]") {
  Entry pass;
  REQUIRE(readGpuVerify("k.cu", "//pass\n//--blockDim=32 --gridDim=[2,2]\n__global__ void k() {}\n", pass));
  CHECK(pass.expected.kinds == Kinds{"pass"});
  CHECK(pass.language == "cuda");
  CHECK(pass.args == std::vector<std::string>{"--target", "32", "--block-dim", "32", "--grid-dim", "[2,2]"});  // GPUVerify's 32-bit model
  CHECK(pass.benignWrites);  // GPUVerify's default
  CHECK(pass.interGroup);
  CHECK(pass.notes.empty());

  Entry clang;
  REQUIRE(readGpuVerify("k.cl", "//xfail:CLANG_ERROR\n//--local_size=4 --num_groups=1\nbad\n", clang));
  CHECK(clang.expected.kinds == Kinds{"reject"});

  Entry any;
  REQUIRE(readGpuVerify("k.cl", "//xfail:NOT_ALL_VERIFIED\n//--local_size=4\n__kernel void k() {}\n", any));
  CHECK(any.expected.kinds == Kinds{"violation"});

  Entry spec;
  CHECK_FALSE(readGpuVerify("k.cl", "// spec: x\n// run: check\n", spec));
  CHECK_FALSE(readGpuVerify("k.cl", "__kernel void k() {}\n", spec));
}

TEST_CASE("kernel signatures for Oclgrind's .sim file", "[crosscheck]") {
  std::string name, error;
  std::vector<KernelArg> args;
  const std::string text =
      "// __kernel void commented(int x)\n"
      "#define N 4\n"
      "__kernel void first(__global int *A) {}\n"
      "__kernel __attribute__((reqd_work_group_size(4, 1, 1))) void second(\n"
      "    __global const unsigned int *restrict in, __local short *L, uint n, size_t m, __constant char *c) {}\n";
  REQUIRE(kernelSignature(text, "second", name, args, error));
  CHECK(name == "second");
  REQUIRE(args.size() == 5);
  CHECK((args[0].name == "in" && args[0].kind == KernelArg::Kind::Global && args[0].type == "uint" && args[0].bytes == 4));
  CHECK((args[1].name == "L" && args[1].kind == KernelArg::Kind::Local && args[1].type == "short" && args[1].bytes == 2));
  CHECK((args[2].name == "n" && args[2].kind == KernelArg::Kind::Scalar && args[2].type == "uint"));
  CHECK((args[3].name == "m" && args[3].type == "ulong" && args[3].bytes == 8));
  CHECK((args[4].name == "c" && args[4].kind == KernelArg::Kind::Global && args[4].type == "char"));
  REQUIRE(kernelSignature(text, "", name, args, error));
  CHECK(name == "first");
  CHECK_FALSE(kernelSignature("__kernel void v(__global int4 *A) {}", "", name, args, error));
  CHECK(error.find("int4") != std::string::npos);
  CHECK_FALSE(kernelSignature(text, "third", name, args, error));
}

TEST_CASE("launch option values in either spelling", "[crosscheck]") {
  const std::vector<std::string> args = {"--local-size", "4,2", "--num_groups=3", "--kernel", "k"};
  CHECK(optionValue(args, {"--local-size", "--local_size"}) == "4,2");
  CHECK(optionValue(args, {"--num-groups", "--num_groups"}) == "3");
  CHECK(optionValue(args, {"--kernel"}) == "k");
  CHECK(optionValue(args, {"--global-size"}).empty());
}
