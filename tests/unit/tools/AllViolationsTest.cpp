// The human output of `check --all` and `prove --all` (tools/sdvmc): a numbered list, each
// violation with its evidence, witness and replay command, then a summary line; the same
// list for 1 and 2 jobs. (Their JSON is the specs' business: specs/check/all_*.kpl,
// specs/prove/all_*.kpl.)
#include "tools/sdvmc/CheckCommand.h"
#include "tools/sdvmc/CommandLine.h"
#include "tools/sdvmc/ProveCommand.h"

#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>
#include <string>

using namespace sdvmc::tool;

namespace {

/// What `run` prints on stdout, and its exit status.
template <typename F>
std::pair<int, std::string> captured(F run) {
  std::ostringstream out;
  std::streambuf* saved = std::cout.rdbuf(out.rdbuf());
  int status = 0;
  try {
    status = run();
  } catch (...) {
    std::cout.rdbuf(saved);
    throw;
  }
  std::cout.rdbuf(saved);
  return {status, out.str()};
}

/// The list: from "violation 1 of" through the summary line (no header, no timings).
std::string list(const std::string& text) {
  const size_t from = text.find("violation 1 of");
  const size_t summary = text.find("summary:", from);
  if (from == std::string::npos || summary == std::string::npos) return "";
  return text.substr(from, text.find('\n', summary) - from);
}

const std::string kSpecs = std::string(SDVMC_SOURCE_DIR) + "/specs/";

/// A command line of the options only (the diagnostics' columns are not tested here).
CommandLine noArgs() {
  static char prog[] = "sdvmc";
  static char* argv[] = {prog};
  return CommandLine(1, argv);
}

}  // namespace

TEST_CASE("check --all prints a numbered list with each replay, then a summary; the same for 1 and 2 jobs",
          "[tools][all]") {
  const std::string file = kSpecs + "check/all_two_violations.kpl";
  const CommandLine cl = noArgs();
  std::string first;
  for (unsigned jobs : {1u, 2u}) {
    CheckOptions o;
    o.file = file;
    o.all = true;
    o.jobs = jobs;
    o.noProgress = true;
    auto [status, text] = captured([&] { return checkCommand(o, cl); });
    CAPTURE(jobs, text);
    REQUIRE(status == 1);
    const std::string l = list(text);
    // The divergence (depth 2) before the race (depth 3), each with its replay.
    const size_t one = l.find("violation 1 of 2:\nverdict: barrier divergence (G-DIVERGENCE)");
    const size_t two = l.find("\nviolation 2 of 2:\nverdict: data race (G-RACE)");
    REQUIRE(one == 0);
    REQUIRE(two != std::string::npos);
    REQUIRE(l.find("replay: sdvmc run " + file + " --threads 2 --group 0 --init In[0]=1\n") < two);
    REQUIRE(l.find("replay: sdvmc run " + file + " --threads 2 --group 0 --init In[0]=0\n") > two);
    REQUIRE(l.find("\nsummary: 2 distinct violations (1 divergence, 1 race)") != std::string::npos);
    if (jobs == 1)
      first = l;
    else
      REQUIRE(l == first);
  }
}

TEST_CASE("check --all cut by a limit says so and still exits 1", "[tools][all]") {
  CheckOptions o;
  o.file = kSpecs + "check/all_three_violations.kpl";
  o.bounds.threads = "2..3";
  o.all = true;
  o.maxStates = 9;
  o.noProgress = true;
  auto [status, text] = captured([&] { return checkCommand(o, noArgs()); });
  CAPTURE(text);
  REQUIRE(status == 1);
  REQUIRE(text.find("summary: 1 distinct violation (1 race); the search was cut (--max-states 9 reached") !=
          std::string::npos);
}

TEST_CASE("prove --all prints each confirmed violation in order of its smallest group size", "[tools][all][prove]") {
  ProveOptions o;
  o.file = kSpecs + "prove/all_three_by_group_size.kpl";
  o.all = true;
  auto [status, text] = captured([&] { return proveCommand(o, noArgs()); });
  CAPTURE(text);
  REQUIRE(status == 1);
  const std::string l = list(text);
  const size_t race = l.find("verdict: data race (G-RACE)");
  const size_t divergence = l.find("verdict: barrier divergence (G-DIVERGENCE)");
  const size_t oob = l.find("verdict: out-of-bounds access (T-WR)");
  REQUIRE(race < divergence);
  REQUIRE(divergence < oob);
  REQUIRE(oob != std::string::npos);
  REQUIRE(l.find("witness: 101 threads") > divergence);
  REQUIRE(l.find("--threads 101 --group 0 --init In[0]=2   (confirmed by sdvmc run)") != std::string::npos);
  REQUIRE(l.find("summary: 3 distinct violations (1 race, 1 divergence, 1 out-of-bounds); no other violation, for "
                 "every group size 1..2147483647") != std::string::npos);
}
