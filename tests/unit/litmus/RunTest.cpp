// Unit tests of litmus runs (litmus/Run.h) without an OpenCL runtime or a GPU: a fake `cc`
// and `nvcc` first in PATH "compile" the host into a shell script, so the tests see what
// runOnDevice hands the programs it runs (argv, environment, working directory, deadline)
// and how it reads what they print. (CTest litmus_real runs real programs on PoCL and
// Oclgrind.)
#include "../semantics/Helpers.h"

#include "litmus/Run.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace semtest;
using sdvmc::litmus::Observations;
using sdvmc::litmus::RunRequest;
using sdvmc::litmus::runOnDevice;

namespace {

namespace fs = std::filesystem;

/// The fake compiler: writes the host named after -o, a script that behaves as
/// SDVMC_FAKE_HOST says; with SDVMC_FAKE_CC=fail it fails as cc does without OpenCL headers.
const char* const kFakeCompiler = R"SH(#!/bin/sh
if [ "$SDVMC_FAKE_CC" = fail ]; then echo "host.c:2:10: fatal error: CL/cl.h: No such file or directory" >&2; exit 1; fi
[ "$1" = -O1 ] && [ "$2" = -o ] || exit 9
cat > "$3" <<'HOST'
#!/bin/sh
echo "# platform: ${SDVMC_CL_PLATFORM-unset}; cwd $(basename "$PWD" | cut -c1-13)"
case "$SDVMC_FAKE_HOST" in sleep) exec sleep 30;; crash) kill -SEGV $$;; esac
[ "$1" = --repeat ] || exit 9
i=0
while [ $i -lt "$2" ]; do
  if [ $i = 1 ]; then echo "A = {2, 1}"; else echo "A = {1, 2}"; fi
  i=$((i + 1))
done
echo "Work-group divergence detected (barrier)" >&2
HOST
chmod +x "$3"
)SH";

/// PATH with a folder holding the fake `cc` and `nvcc` first, for the test's duration.
class FakeCompilers {
public:
  FakeCompilers() : dir_(fs::temp_directory_path() / ("sdvmc-fake-cc-" + std::to_string(getpid()))), path_(std::getenv("PATH")) {
    fs::create_directories(dir_);
    for (const char* name : {"cc", "nvcc"}) {
      std::ofstream(dir_ / name) << kFakeCompiler;
      fs::permissions(dir_ / name, fs::perms::owner_all);
    }
    setenv("PATH", (dir_.string() + ":" + path_).c_str(), 1);
  }
  ~FakeCompilers() {
    setenv("PATH", path_.c_str(), 1);
    for (const char* v : {"SDVMC_FAKE_CC", "SDVMC_FAKE_HOST", "SDVMC_CL_PLATFORM"}) unsetenv(v);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

private:
  fs::path dir_;
  std::string path_;
};

RunRequest request(const std::string& runtime, const std::string& baseName = "t") {
  RunRequest r;
  r.runtime = runtime;
  r.repeat = 3;
  r.timeout = 20;
  r.baseName = baseName;
  r.emit.threads = 2;
  return r;
}

const char* const kKernel = "threads: 2;\ngroup: 0;\nshared A[2];\nmain: {\n  wr(A, lid, lid + 1);\n  barrier;\n}\n";

}  // namespace

TEST_CASE("litmus --run: the host runs N times in its folder, its lines counted", "[litmus][run]") {
  FakeCompilers fake;
  auto k = compile(kKernel);
  Observations obs;
  std::string error;
  REQUIRE(runOnDevice(k->program, k->ir, request("pocl"), obs, error));
  CHECK(error.empty());
  CHECK(obs.runtime == "pocl");
  // PoCL is chosen through the environment; the host runs in the temporary folder.
  CHECK(obs.platform == "platform: Portable; cwd sdvmc-litmus-");
  CHECK(obs.runs == 3);
  REQUIRE(obs.outcomes.size() == 2);
  CHECK(obs.outcomes[0] == std::make_pair(std::string("A = {1, 2}"), 2u));
  CHECK(obs.outcomes[1] == std::make_pair(std::string("A = {2, 1}"), 1u));
  CHECK(obs.notes == std::vector<std::string>{"Work-group divergence detected (barrier)"});
  CHECK(obs.keptDir.empty());
}

TEST_CASE("litmus --run cuda: nvcc builds the host; the environment is passed on", "[litmus][run]") {
  FakeCompilers fake;
  setenv("SDVMC_CL_PLATFORM", "as set", 1);
  auto k = compile(kKernel);
  RunRequest r = request("cuda");
  r.keep = true;
  Observations obs;
  std::string error;
  REQUIRE(runOnDevice(k->program, k->ir, r, obs, error));
  CHECK(obs.platform == "platform: as set; cwd sdvmc-litmus-");
  CHECK(obs.runs == 3);
  // --keep: the folder with the emitted program and the host stays.
  REQUIRE(!obs.keptDir.empty());
  CHECK(fs::exists(fs::path(obs.keptDir) / "t.cu"));
  CHECK(fs::exists(fs::path(obs.keptDir) / "host"));
  fs::remove_all(obs.keptDir);
}

TEST_CASE("litmus --run: a hang is killed at --timeout, a crash and a failed build are reasons", "[litmus][run]") {
  FakeCompilers fake;
  auto k = compile(kKernel);
  std::string error;
  {
    setenv("SDVMC_FAKE_HOST", "sleep", 1);
    RunRequest r = request("pocl");
    r.timeout = 1;
    Observations obs;
    CHECK_FALSE(runOnDevice(k->program, k->ir, r, obs, error));
    CHECK(error.find("the runs did not finish within 1 s") == 0);
  }
  {
    setenv("SDVMC_FAKE_HOST", "crash", 1);
    Observations obs;
    CHECK_FALSE(runOnDevice(k->program, k->ir, request("pocl"), obs, error));
    CHECK(error.find("the implementation crashed running the kernel (signal 11)") == 0);
  }
  {
    setenv("SDVMC_FAKE_CC", "fail", 1);
    Observations obs;
    CHECK_FALSE(runOnDevice(k->program, k->ir, request("pocl"), obs, error));
    CHECK(error.find("no OpenCL runtime: cannot build the host program") == 0);
    CHECK(error.find("CL/cl.h: No such file or directory") != std::string::npos);
  }
  {
    Observations obs;
    RunRequest r = request("pocl");
    r.repeat = 0;
    CHECK_FALSE(runOnDevice(k->program, k->ir, r, obs, error));
    CHECK(error == "--repeat must be at least 1");
  }
}
