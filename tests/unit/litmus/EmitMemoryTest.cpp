// Unit tests of `sdvmc litmus --emit` (litmus/Emit.h) for barriers with fence flags (emitted as
// the full barrier: every KPL array is local memory in the emitted program), constant memory
// (a write raises constant-write and writes nothing) and `*V` cells (they start at V).
#include "../semantics/Helpers.h"

#include "litmus/Emit.h"

using namespace semtest;
using sdvmc::litmus::EmitOptions;
using sdvmc::litmus::EmitResult;
using sdvmc::litmus::EmitTarget;

namespace {

std::vector<sdvmc::litmus::EmittedFile> emit(const std::string& src) {
  auto k = compile(src);
  EmitOptions o;
  o.threads = 2;
  const EmitResult r = sdvmc::litmus::emitProgram(k->program, k->ir, EmitTarget::OpenCL, o, "t");
  INFO(r.error);
  REQUIRE(r.ok);
  return r.files;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("emit: a barrier with fence flags is the full barrier, marked", "[emit][fence]") {
  auto files = emit("threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n  wr(A, lid, 1);\n  barrier(local);\n"
                    "  barrier(none);\n  barrier;\n}\n");
  const std::string& cl = files[0].content;
  CHECK(has(cl, "K_BARRIER(); /* barrier(local) */"));
  CHECK(has(cl, "K_BARRIER(); /* barrier(none) */"));
}

TEST_CASE("emit: a write to a const global array raises constant-write; *V cells start at V", "[emit][constant]") {
  auto files = emit("threads: 2;\ngroup: 0;\nconst global K[2] = {*5, 6};\nmain: {\n  wr(K, lid, 1);\n  barrier;\n}\n");
  std::string all;
  for (const auto& f : files) all += f.content;
  CHECK(has(all, "\"constant-write\""));
  CHECK(!has(all, "k_wr(a_K"));  // nothing is written
  CHECK(has(all, "k_raise(k_err, (k_i < 0 || k_i >= 2 ? 3 : 7) + 16 * 5)"));
  CHECK(has(all, "5, 6"));  // the initial table: K[0] starts at its run value 5
}

TEST_CASE("emit: private_index raises out-of-bounds (code 3), assert assertion (4)", "[emit][private_index]") {
  auto files = emit("threads: 2;\ngroup: 0;\nmain: {\n  local i;\n  i := lid + 1;\n  private_index(buf, i, 2);\n"
                    "  assert(i < 3);\n  barrier;\n}\n");
  std::string all;
  for (const auto& f : files) all += f.content;
  CHECK(has(all, "k_raise(k_err, 3 + 16 * 6)"));
  CHECK(has(all, "k_raise(k_err, 4 + 16 * 7)"));
}
