// sdvmc: the command-line entry point. One subcommand per job
// (../shared/cli-contract.md); each lives in its own *Command.cpp.
#include "explorer/Distributed.h"
#include "tools/sdvmc/CheckCommand.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/CrosscheckCommand.h"
#include "tools/sdvmc/FuzzCommand.h"
#include "tools/sdvmc/LitmusCommand.h"
#include "tools/sdvmc/LowerCommand.h"
#include "tools/sdvmc/ProveCommand.h"
#include "tools/sdvmc/RunCommand.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

int sdvmcMain(int argc, char** argv) {
  using namespace sdvmc::tool;
  CommandLine cl(argc, argv);
  CLI::App app{"sdvmc: an explicit-state model checker for GPU kernels under the SDV semantics"};
  app.require_subcommand(1);

  RunOptions run;
  CLI::App* runCmd = app.add_subcommand("run", "one concrete SDV execution; prints the final state or the error");
  runCmd->add_option("file", run.file, "kernel (.kpl, .cu, .cl)")->required();
  addBoundsOptions(*runCmd, run.bounds, Values::One, /*domain=*/false);
  runCmd->add_option("--init", run.inits, "NAME=v,v,…: initial contents of an array (mem= for the default memory)");
  runCmd->add_option("--max-steps", run.maxSteps, "stop (exit 3) after this many rule applications");
  runCmd->add_flag("--json", run.json, "one JSON object on stdout");
  runCmd->add_flag("--trace", run.trace, "print every rule application");
  runCmd->add_flag("--stats", run.stats, "print rule and thread-statement counts and speed");
  runCmd->add_option("--model", run.model, "execution model: sdv (default), simt:W, simt-uniform-exit, mimd (= simt:1)");
  runCmd->add_flag("--perf", run.perf, "(simt models) count divergent branches, bank conflicts, non-coalesced accesses");
  addRaceOptions(*runCmd, run.races);
  runCmd->add_flag("--only-intra-group", run.onlyIntraGroup, "several groups: do not check races between groups");
  runCmd->add_option("--sarif", run.sarif, "FILE: also write the verdict as SARIF 2.1.0 (the execution as a code flow)");
  runCmd->add_option("--html", run.html, "FILE: the execution as one self-contained HTML page (a row per rule, a column per thread)");
  addLaunchOptions(*runCmd, run.launch);

  CheckOptions check;
  CLI::App* checkCmd = app.add_subcommand("check", "exhaustive exploration of every configuration in the given bounds");
  checkCmd->add_option("file", check.file, "kernel (.kpl, .cu, .cl)")->required();
  addBoundsOptions(*checkCmd, check.bounds, Values::Range, /*domain=*/true);
  checkCmd->add_option("--model", check.model, "execution model: sdv (default), mimd, simt:W, simt-uniform-exit");
  checkCmd->add_option("--compare", check.compare, "sdv,mimd: every mimd execution agrees with SDV where SDV finds no error");
  checkCmd->add_option("--jobs", check.jobs, "worker threads (default: all cores)");
  checkCmd->add_flag("--dfs", check.dfs, "depth-first instead of breadth-first (one worker)");
  checkCmd->add_flag("--exact", check.exact, "store whole states instead of fingerprints (one worker)");
  checkCmd->add_flag("--no-por", check.noPor, "(mimd) interleave every statement, not only shared accesses and barriers");
  checkCmd->add_option("--symmetry", check.symmetry, "on (default) or off");
  checkCmd->add_option("--data-abstraction", check.dataAbstraction,
                       "on (default): arbitrary values that cannot reach a verdict are one abstract value; off: "
                       "enumerate every one over --domain");
  checkCmd->add_option("--transition-cache", check.transitionCache,
                       "(mimd, simt) on (default), off, or check: expand every state with the interpreter too and "
                       "stop at the first difference (for testing)");
  checkCmd->add_option("--max-states", check.maxStates, "stop (exit 3) after this many states");
  checkCmd->add_option("--max-seconds", check.maxSeconds, "stop (exit 3) after this many seconds");
  checkCmd->add_option("--max-memory", check.maxMemory, "stop (exit 3) before using more memory, e.g. 4G");
  checkCmd->add_flag("--all", check.all, "report every distinct violation (kind, rule, source locations), each with "
                                         "its shortest witness, not only the first");
  checkCmd->add_flag("--json", check.json, "one JSON object on stdout");
  addRaceOptions(*checkCmd, check.races);
  checkCmd->add_flag("--progress", check.progress, "a progress line on stderr even when it is not a terminal");
  checkCmd->add_flag("--no-progress", check.noProgress, "no progress line");
  checkCmd->add_option("--sarif", check.sarif, "FILE: also write the verdict as SARIF 2.1.0 (the witness as a code flow)");
  checkCmd->add_option("--html", check.html, "FILE: the witness's execution as one self-contained HTML page");
  checkCmd->add_flag("--mpi", check.mpi, "distributed exploration over the ranks of `mpirun -np K` (same results as one process)");
  addLaunchOptions(*checkCmd, check.launch);

  LitmusOptions litmus;
  CLI::App* litmusCmd = app.add_subcommand("litmus", "the set of possible outcomes under each execution model");
  litmusCmd->add_option("file", litmus.file, "kernel (.kpl, .cu, .cl)")->required();
  litmusCmd->add_option("--model", litmus.models, "models, comma-separated: sdv, mimd, simt:W, simt-uniform-exit");
  addBoundsOptions(*litmusCmd, litmus.bounds, Values::One, /*domain=*/true);
  litmusCmd->add_option("--jobs", litmus.jobs, "worker threads (default: all cores)");
  litmusCmd->add_flag("--no-por", litmus.noPor, "interleave every statement");
  litmusCmd->add_option("--symmetry", litmus.symmetry, "on (default) or off");
  litmusCmd->add_option("--max-states", litmus.maxStates, "per model: stop (exit 3) after this many states");
  litmusCmd->add_option("--max-seconds", litmus.maxSeconds, "per model: stop (exit 3) after this many seconds");
  litmusCmd->add_option("--races", litmus.races,
                        "stop (default): a race is an error outcome; continue: run on past races (mimd, simt) and "
                        "list the outcomes they lead to, marked undefined");
  litmusCmd->add_flag("--json", litmus.json, "one JSON object on stdout");
  litmusCmd->add_option("--emit", litmus.emit, "opencl or cuda: write a standalone kernel + host program instead");
  litmusCmd->add_option("--output", litmus.output, "directory for --emit (default: .)");
  litmusCmd->add_option("--run", litmus.run, "pocl, oclgrind or cuda: run the test there and compare with the models");
  litmusCmd->add_option("--repeat", litmus.repeat, "--run: number of runs (default 20)");
  litmusCmd->add_option("--require", litmus.require, "--run: models that must admit every observation (else exit 1)");
  litmusCmd->add_option("--timeout", litmus.timeout, "--run: seconds for all the runs (default 300)");
  litmusCmd->add_flag("--keep", litmus.keep, "--run: keep the temporary directory of the emitted program");
  addLaunchOptions(*litmusCmd, litmus.launch);

  ProveOptions prove;
  CLI::App* proveCmd = app.add_subcommand("prove", "Z3: race- and divergence-freedom for every group size, or the smallest counterexample");
  proveCmd->add_option("file", prove.file, "kernel (.kpl, .cu, .cl)");
  proveCmd->add_option("--abstraction", prove.abstraction, "shared state at barriers: adversarial or equality (default: per array, by control dependence)");
  proveCmd->add_option("--unroll", prove.unroll, "unroll loops K iterations, then prove the rest by induction or cut them (default 8; the verdict says which)");
  proveCmd->add_option("--loops", prove.loops, "induction (default): a loop still able to run after --unroll iterations is "
                                               "proved by inductive invariants where possible, else cut; unroll: always cut");
  CLI::Option* maxThreadsOpt = proveCmd->add_option(
      "--max-threads", prove.maxThreads,
      "largest group size considered (default: KPL 2147483647; CUDA 1024, OpenCL 4096, the platforms' limits)");
  proveCmd->add_option("--timeout", prove.timeout, "seconds per solver query (default 120; 0: none); exit 3 when reached");
  proveCmd->add_option("--equiv", prove.equiv, "A B: prove that two kernels leave the same final --output array")->expected(2);
  proveCmd->add_option("--output", prove.output, "--equiv: the array compared");
  proveCmd->add_option("--threads", prove.equivThreads, "--equiv: only group sizes N or A..B, whole groups (default: every group size)");
  proveCmd->add_flag("--all", prove.all, "report every distinct violation: after each counterexample, exclude its "
                                         "check points and ask again");
  proveCmd->add_flag("--json", prove.json, "one JSON object on stdout");
  proveCmd->add_flag("--only-intra-group", prove.onlyIntraGroup, "several groups: leave races between groups out");
  proveCmd->add_flag("--every-size", prove.everySize, ".cu/.cl with a launch: every group shape of its dimensions "
                                                      "(default: that launch; without launch flags: every shape of "
                                                      "the dimensions the kernel uses)");
  proveCmd->add_option("--sarif", prove.sarif, "FILE: also write the verdict as SARIF 2.1.0 (a confirmed witness's replay as a code flow)");
  addLaunchOptions(*proveCmd, prove.launch);

  LowerOptions lower;
  CLI::App* lowerCmd = app.add_subcommand("lower", "print the KPL program a .cu or .cl kernel lowers to");
  lowerCmd->add_option("file", lower.file, "kernel (.cu, .cl; a .kpl file is printed back)")->required();
  lowerCmd->add_flag("--json", lower.json, "one JSON object on stdout ({\"file\", \"language\", \"kpl\"})");
  addLaunchOptions(*lowerCmd, lower.launch);

  CrosscheckOptions crosscheck;
  CLI::App* crosscheckCmd = app.add_subcommand("crosscheck", "every annotated kernel in a folder against its expected verdict (spec header or GPUVerify's //pass, //xfail:)");
  crosscheckCmd->add_option("dir", crosscheck.dir, "folder of kernels (.kpl, .cu, .cl), walked recursively")->required();
  crosscheckCmd->add_option("--jobs", crosscheck.jobs, "kernels checked at a time (default: all cores)");
  crosscheckCmd->add_option("--timeout", crosscheck.timeout, "seconds per kernel (default 60)");
  crosscheckCmd->add_option("--domain", crosscheck.domain, "LO..HI: arbitrary values of GPUVerify-format kernels (default 0..1)");
  crosscheckCmd->add_option("--oracle", crosscheck.oracle, "oclgrind: also run OpenCL kernels in oclgrind-kernel --data-races");
  crosscheckCmd->add_option("--report", crosscheck.report, "FILE.md, FILE.json or FILE.html: the report");
  crosscheckCmd->add_option("--filter", crosscheck.filter, "only kernels whose name contains this");
  crosscheckCmd->add_option("--baseline", crosscheck.baseline, "REPORT.json of an earlier run: also print what changed since");
  crosscheckCmd->add_flag("--json", crosscheck.json, "the JSON report on stdout");
  crosscheckCmd->add_option("--sarif", crosscheck.sarif, "FILE: SARIF 2.1.0, one result per kernel where sdvmc found a violation");

  FuzzOptions fuzz;
  CLI::App* fuzzCmd = app.add_subcommand("fuzz", "random kernels proved defined by check, run on real implementations against sdvmc's result");
  fuzzCmd->add_option("--count", fuzz.count, "kernels to generate (default 100)");
  fuzzCmd->add_option("--seed", fuzz.seed, "the run's seed (default 1): the same seed gives the same kernels everywhere");
  fuzzCmd->add_option("--first", fuzz.first, "index of the first kernel (default 0; batches of one run)");
  fuzzCmd->add_option("--run", fuzz.run, "implementations, comma-separated: pocl, oclgrind, cuda");
  fuzzCmd->add_option("--out", fuzz.out, "folder for the findings (default sdvmc-fuzz)");
  fuzzCmd->add_option("--timeout", fuzz.timeout, "seconds per kernel and implementation, then it is a hang (default 60)");
  fuzzCmd->add_flag("--no-reduce", fuzz.noReduce, "save findings without reducing them");
  fuzzCmd->add_option("--reduce-budget", fuzz.reduceBudget, "candidates tried per reduction (default 300)");
  fuzzCmd->add_option("--max-findings", fuzz.maxFindings, "stop after this many findings (default: never)");
  fuzzCmd->add_option("--segments", fuzz.segments, "top-level segments of a kernel (default 6)");
  fuzzCmd->add_option("--reduce", fuzz.reduce, "DIR: reduce a saved finding again");
  fuzzCmd->add_option("--replay", fuzz.replay, "DIR: run a saved finding again (exit 0 when it reproduces)");
  fuzzCmd->add_flag("--json", fuzz.json, "one JSON object on stdout");
  fuzzCmd->add_flag("--progress", fuzz.progress, "progress on stderr even when it is not a terminal");
  fuzzCmd->add_flag("--no-progress", fuzz.noProgress, "no progress");
  // Testing only: a deliberate miscompilation for the fuzzer to find (hidden from --help).
  fuzzCmd->add_option("--plant-bug", fuzz.plantBug, "")->group("");

  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
      known |= sub->get_name() == argv[1];
    }
    if (!known) {
      cl.error(argv[1], std::string("unknown subcommand '") + argv[1] + "' (subcommands: " + names + ")");
      return 2;
    }
  }
  // nvcc's and clang's `-include FILE` (CLI11 takes one-letter short options only), and the
  // Clang arguments after `--`, which every subcommand reading a .cu/.cl file passes on.
  std::vector<char*> args(argv, argv + argc);
  std::vector<std::string> clangArgs;
  static char includeOption[] = "--include";
  for (auto it = args.begin() + 1; it != args.end(); ++it) {
    if (std::string(*it) == "--") {
      clangArgs.assign(it + 1, args.end());
      args.erase(it, args.end());
      break;
    }
    if (std::string(*it) == "-include") *it = includeOption;
  }
  for (LaunchArgs* l : {&run.launch, &check.launch, &litmus.launch, &prove.launch, &lower.launch}) l->clangArgs = clangArgs;
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    std::string needle;
    for (const std::string& a : cl.args())
      if (a.size() > 1 && a[0] == '-' && what.find(a.substr(0, a.find('='))) != std::string::npos) {
        needle = a;
        break;
      }
    cl.error(needle, what);
    return 2;
  }
  // A .cu/.cl kernel's group size is its launch geometry: the lowering computes every id
  // from it, so --threads cannot change it.
  auto threadsOnGpuKernel = [&](const std::string& file, const BoundsArgs& bounds, bool json) {
    if (!bounds.threads || !sdvmc::clangfe::languageOfPath(file)) return false;
    cl.reject("--threads", "--threads does not apply to .cu and .cl kernels: give the group size with --local-size (or --block-dim)", json);
    return true;
  };
  if (runCmd->parsed() && threadsOnGpuKernel(run.file, run.bounds, run.json)) return 2;
  if (checkCmd->parsed() && threadsOnGpuKernel(check.file, check.bounds, check.json)) return 2;
  if (litmusCmd->parsed() && threadsOnGpuKernel(litmus.file, litmus.bounds, litmus.json)) return 2;
  if (runCmd->parsed()) return runCommand(run, cl);
  if (checkCmd->parsed()) return checkCommand(check, cl);
  if (litmusCmd->parsed()) return litmusCommand(litmus, cl);
  if (proveCmd->parsed()) {
    prove.maxThreadsGiven = maxThreadsOpt->count() > 0;
    return proveCommand(prove, cl);
  }
  if (lowerCmd->parsed()) return lowerCommand(lower, cl);
  if (crosscheckCmd->parsed()) return crosscheckCommand(crosscheck, cl);
  if (fuzzCmd->parsed()) return fuzzCommand(fuzz, cl);
  return 2;
}

/// `sdvmc check --mpi-batch FILE`, for the MPI spec gate (tests/spec_runner --mpi): each
/// line of FILE is one `check` command line (its words separated by tabs), run with
/// `--mpi` by every rank of one mpirun, so that a thousand cases cost one MPI start-up.
/// Prints one JSON line per case: {"case": k, "exit": status, "stdout": what it printed}.
int checkBatch(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "<command-line>:1:1: error: --mpi-batch: cannot read %s\n", path);
    return 2;
  }
  std::vector<std::vector<std::string>> cases;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    std::vector<std::string> words = {"sdvmc"};
    std::istringstream split(line);
    for (std::string w; std::getline(split, w, '\t');) words.push_back(w);
    if (words.size() < 2 || words[1] != "check") {
      std::fprintf(stderr, "<command-line>:1:1: error: --mpi-batch: line %zu of %s is not a check command line\n",
                   cases.size() + 1, path);
      return 2;
    }
    words.push_back("--mpi");
    cases.push_back(std::move(words));
  }
  std::string error;
  sdvmc::explore::Communicator* world = sdvmc::explore::mpiWorld(error);
  if (!world) {
    std::fprintf(stderr, "<command-line>:1:1: error: --mpi-batch: %s\n", error.c_str());
    return 2;
  }
  // Each case's stdout (std::cout and stdio alike) goes to a file, read back; rank 0
  // prints the lines.
  char capturePath[] = "/tmp/sdvmc-batch.XXXXXX";
  const int capture = ::mkstemp(capturePath);
  if (capture < 0) {
    std::fprintf(stderr, "<command-line>:1:1: error: --mpi-batch: cannot create a temporary file\n");
    return 2;
  }
  ::unlink(capturePath);
  const int out = ::dup(1);
  for (size_t k = 0; k < cases.size(); ++k) {
    std::vector<char*> argv;
    for (std::string& w : cases[k]) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::cout.flush();
    std::fflush(stdout);
    if (::ftruncate(capture, 0) != 0 || ::lseek(capture, 0, SEEK_SET) != 0) return 2;
    ::dup2(capture, 1);
    const int status = sdvmcMain(int(argv.size() - 1), argv.data());
    std::cout.flush();
    std::fflush(stdout);
    ::dup2(out, 1);
    std::string text;
    char buffer[4096];
    ::lseek(capture, 0, SEEK_SET);
    for (ssize_t n; (n = ::read(capture, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(n));
    if (world->rank() == 0)
      std::cout << nlohmann::json{{"case", k}, {"exit", status}, {"stdout", text}}.dump() << std::endl;
  }
  ::close(capture);
  ::close(out);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "check" && std::string(argv[2]) == "--mpi-batch") return checkBatch(argv[3]);
  return sdvmcMain(argc, argv);
}
