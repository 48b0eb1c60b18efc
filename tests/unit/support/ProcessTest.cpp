// Unit tests of the process runner (support/Process.h): exit status and captured streams,
// the deadline killing the child's whole process group, a program that is not there, and
// arguments reaching the program exactly as given, never read by a shell.
#include "support/Process.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <string>
#include <thread>
#include <unistd.h>

using sdvmc::support::findProgram;
using sdvmc::support::ProcessOptions;
using sdvmc::support::ProcessResult;
using sdvmc::support::runProcess;
using sdvmc::support::shellJoin;

namespace {

ProcessResult run(const std::vector<std::string>& argv, double seconds = 20) {
  ProcessOptions o;
  o.seconds = seconds;
  return runProcess(argv, o);
}

/// Whether process `pid` has ended (gone, or a zombie nobody reaps yet), waiting up to 5 s.
bool ended(pid_t pid) {
  for (int i = 0; i < 500; ++i) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!stat || !std::getline(stat, line)) return true;
    const size_t paren = line.rfind(')');
    if (paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z') return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace

TEST_CASE("the exit status is the program's", "[support][process]") {
  CHECK(run({"true"}).status == 0);
  CHECK(run({"false"}).status == 1);
  const ProcessResult r = run({"sh", "-c", "exit 7"});
  CHECK(r.started());
  CHECK(r.status == 7);
  CHECK_FALSE(r.timedOut);
  CHECK(run({"sh", "-c", "kill -9 $$"}).status == 128 + 9);
}

TEST_CASE("stdout and stderr are captured apart; stdin is empty", "[support][process]") {
  const ProcessResult r = run({"sh", "-c", "echo out; echo err >&2; cat; echo done"});
  CHECK(r.status == 0);
  CHECK(r.out == "out\ndone\n");
  CHECK(r.err == "err\n");
}

TEST_CASE("output beyond maxOutput is read and dropped", "[support][process]") {
  ProcessOptions o;
  o.maxOutput = 1000;
  const ProcessResult r = runProcess({"head", "-c", "100000", "/dev/zero"}, o);
  CHECK(r.status == 0);
  CHECK(r.out.size() == 1000);
}

TEST_CASE("the deadline kills the whole process group", "[support][process]") {
  // The shell starts a grandchild and waits for it: both must die at the deadline.
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult r = run({"sh", "-c", "sleep 60 & echo $!; wait"}, 0.5);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(r.timedOut);
  CHECK(r.started());
  CHECK(seconds < 10);
  const pid_t grandchild = static_cast<pid_t>(std::atol(r.out.c_str()));
  REQUIRE(grandchild > 0);
  CHECK(ended(grandchild));
}

TEST_CASE("a program that is not there does not start", "[support][process]") {
  const ProcessResult missing = run({"sdvmc-no-such-program-anywhere"});
  CHECK_FALSE(missing.started());
  CHECK(missing.status == -1);
  CHECK(missing.error.find("no such program: sdvmc-no-such-program-anywhere") != std::string::npos);
  const ProcessResult path = run({"/nonexistent/sdvmc-no-such-program"});
  CHECK_FALSE(path.started());
  CHECK(path.status == -1);
  CHECK(path.error.find("cannot run /nonexistent/sdvmc-no-such-program") != std::string::npos);
  CHECK_FALSE(findProgram("sdvmc-no-such-program-anywhere"));
  REQUIRE(findProgram("sh"));
  CHECK(findProgram("sh")->size() > 3);
  CHECK(findProgram("sh")->substr(findProgram("sh")->size() - 3) == "/sh");
}

TEST_CASE("arguments reach the program literally: spaces, quotes, $(…), globs", "[support][process]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("sdvmc-process-test-" + std::to_string(getpid()));
  fs::create_directories(dir);
  ProcessOptions o;
  o.cwd = dir.string();
  const std::vector<std::string> words = {"a b", "it's", "\"q\"", "$(touch made-by-shell)", "`touch x`", ";", "*", ""};
  std::vector<std::string> argv = {"printf", "[%s]\\n"};
  argv.insert(argv.end(), words.begin(), words.end());
  const ProcessResult r = runProcess(argv, o);
  CHECK(r.status == 0);
  CHECK(r.out == "[a b]\n[it's]\n[\"q\"]\n[$(touch made-by-shell)]\n[`touch x`]\n[;]\n[*]\n[]\n");
  CHECK_FALSE(fs::exists(dir / "made-by-shell"));
  CHECK_FALSE(fs::exists(dir / "x"));
  // The command line for people quotes what sh would read otherwise.
  CHECK(shellJoin({"cc", "-o", "a b", "it's", "$(x)"}) == "cc -o 'a b' 'it'\\''s' '$(x)'");
  fs::remove_all(dir);
}

TEST_CASE("the working directory and environment changes apply to the child only", "[support][process]") {
  namespace fs = std::filesystem;
  ProcessOptions o;
  o.cwd = fs::temp_directory_path().string();
  o.env = {{"SDVMC_PROCESS_TEST", "set here"}, {"HOME", std::nullopt}};
  const ProcessResult r = runProcess({"sh", "-c", "pwd; echo \"$SDVMC_PROCESS_TEST/${HOME-unset}\""}, o);
  CHECK(r.status == 0);
  CHECK(r.out == fs::canonical(fs::temp_directory_path()).string() + "\nset here/unset\n");
  CHECK(std::getenv("SDVMC_PROCESS_TEST") == nullptr);
  o.cwd = "/nonexistent-sdvmc-dir";
  const ProcessResult bad = runProcess({"true"}, o);
  CHECK_FALSE(bad.started());
  CHECK(bad.error.find("cannot enter /nonexistent-sdvmc-dir") != std::string::npos);
}
