// What the frontend says about memory: barrier fence flags (barrier(local) …), constant
// memory (`const global`, and CUDA's host-writable initialisers as `*V` cells with a note),
// and the launch's global offset (get_global_offset, get_global_id, replayArgs).
#include "FrontendHelpers.h"

#include <catch2/catch.hpp>

#include <string>

using namespace fetest;

namespace {
bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }
}  // namespace

SCENARIO("OpenCL barrier fence flags become KPL barriers with fence flags", "[frontends][clang][fence]") {
  const std::string src =
      "kernel void k(global int *A) {\n"
      "  local int t[2];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
      "  barrier(0);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE | 4);\n"
      "  t[0] = A[0];\n"
      "}\n";
  Lowered l = lowerOk(src, fe::Language::OpenCL, launch1d(2));
  INFO(l.text);
  const size_t local1 = l.text.find("barrier(local);");
  const size_t global = l.text.find("barrier(global);");
  const size_t none = l.text.find("barrier(none);");
  REQUIRE(local1 != std::string::npos);
  REQUIRE(global != std::string::npos);
  REQUIRE(none != std::string::npos);
  CHECK(local1 < global);
  CHECK(global < none);
  const size_t full = l.text.find("barrier;", none);
  REQUIRE(full != std::string::npos);
  CHECK(l.text.find("barrier(local);", full) != std::string::npos);  // other bits (2.0's images) order nothing modelled
  THEN("a flag that is not a constant is refused at the argument") {
    Lowered bad = lowerText("kernel void k(global int *A, int f) {\n  barrier(f);\n}\n", fe::Language::OpenCL, launch1d(2));
    CHECK(firstError(bad) == "2:11: unsupported: barrier fence flags that are not a constant");
  }
  THEN("__syncthreads fences both spaces") {
    Lowered cu = lowerOk("__global__ void k(int *A) {\n  __syncthreads();\n}\n", fe::Language::Cuda, launch1d(2));
    CHECK(!has(cu.text, "barrier("));
  }
}

SCENARIO("constant memory is const global; CUDA's __constant__ and __device__ initialisers bind run only",
         "[frontends][clang][constant]") {
  GIVEN("OpenCL __constant variables and parameters") {
    Lowered l = lowerOk("__constant int T[2] = {3, 4};\n"
                        "kernel void k(__constant int *C, global int *A) {\n  A[0] = T[1] + C[0];\n}\n",
                        fe::Language::OpenCL, launch1d(1));
    INFO(l.text);
    CHECK(has(l.text, "const global T[2] = {3, 4};"));  // the initialiser binds: the host cannot change it
    CHECK(has(l.text, "const global C[];"));
    CHECK(has(l.text, "\nglobal A[];"));
  }
  GIVEN("CUDA __constant__ and __device__ arrays with initialisers") {
    Lowered l = lowerOk("__constant__ int K[2] = {5, -6};\n__device__ int D[3] = {7};\n"
                        "__global__ void k(int *A) {\n  D[0] = K[0] + K[1];\n  A[0] = D[1];\n}\n",
                        fe::Language::Cuda, launch1d(1));
    INFO(l.text << l.rendered);
    CHECK(has(l.text, "const global K[2] = {*5, *-6};"));
    CHECK(has(l.text, "\nglobal D[3] = {*7, *0, *0};"));
    CHECK(has(l.rendered, "note: __constant__ 'K' starts arbitrary in check and prove"));
    CHECK(has(l.rendered, "note: __device__ 'D' starts arbitrary in check and prove"));
  }
  GIVEN("a CUDA kernel writing __constant__ memory") {
    Ran r = runText("__constant__ int K[2] = {5, 6};\n__global__ void k(int *A) {\n  K[threadIdx.x] = 1;\n}\n",
                    fe::Language::Cuda, launch1d(2));
    CHECK(r.verdict == sem::VerdictKind::ConstantWrite);
  }
}

SCENARIO("the global offset shifts get_global_id and is get_global_offset; replays carry it", "[frontends][clang][launch]") {
  fe::LaunchOptions o = launch1d(2);
  o.globalOffset = {5, 0, 0};
  Ran r = runText("kernel void k(global int *A, global int *B) {\n"
                  "  int i = get_local_id(0);\n"
                  "  A[i] = get_global_id(0);\n"
                  "  B[i] = get_global_offset(0) * 10 + get_global_offset(1) + get_work_dim();\n"
                  "}\n",
                  fe::Language::OpenCL, [&] {
                    fe::LaunchOptions b = o;
                    b.buffers = {{"A", 2}, {"B", 2}};
                    return b;
                  }());
  REQUIRE(r.verdict == sem::VerdictKind::Ok);
  CHECK(r.arrays.at("A") == W{5, 6});
  CHECK(r.arrays.at("B") == W{51, 51});
  Lowered l = lowerOk("kernel void k(global int *A) {\n  A[get_local_id(0)] = get_global_id(0);\n}\n",
                      fe::Language::OpenCL, o);
  const std::vector<std::string> want = {"--global-offset", "5,0,0"};
  CHECK(l.program->replayArgs == want);
}
