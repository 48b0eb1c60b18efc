// Unit tests of the crosscheck harness's judgement (crosscheck/Harness.h): how one sdvmc
// subprocess reads (interpret) and how an outcome is classified against its expectation
// (classify), without running anything.
#include "crosscheck/Harness.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sdvmc::crosscheck;
using sdvmc::support::ProcessResult;

namespace {

SdvmcResult interpreted(int status, const std::string& out, const std::string& err = "", bool timedOut = false) {
  ProcessResult r;
  r.status = status;
  r.out = out;
  r.err = err;
  r.timedOut = timedOut;
  r.command = "sdvmc check k.cl";
  SdvmcResult s;
  interpret(r, s, 60);
  return s;
}

Outcome outcome(Format format, std::vector<std::string> kinds, const SdvmcResult& s) {
  Outcome o;
  o.entry.format = format;
  o.entry.expected.kinds = std::move(kinds);
  o.sdvmc = s;
  classify(o);
  return o;
}

}  // namespace

TEST_CASE("an sdvmc subprocess reads as its exit status and JSON say", "[crosscheck][harness]") {
  const SdvmcResult ok = interpreted(0, "{\"verdict\":\"ok\"}\n");
  CHECK(ok.status == "ok");
  CHECK(ok.kind == "ok");
  CHECK(ok.commands == std::vector<std::string>{"sdvmc check k.cl"});
  const SdvmcResult race = interpreted(1, "{\"verdict\":\"race\",\"rule\":\"G-RACE\"}\n");
  CHECK(race.status == "violation");
  CHECK(race.kind == "race");
  CHECK(race.verdict["rule"] == "G-RACE");
  const SdvmcResult rejected = interpreted(
      2, "{\"verdict\":\"error\",\"diagnostics\":[{\"severity\":\"error\",\"file\":\"k.cl\",\"line\":3,\"col\":5,"
         "\"message\":\"unsupported: x\"}]}\n");
  CHECK(rejected.status == "rejected");
  CHECK(rejected.diagnostic == "k.cl:3:5: error: unsupported: x");
  CHECK(interpreted(2, "", "note\nk.cl:1:1: error: bad\n").diagnostic == "k.cl:1:1: error: bad");
  const SdvmcResult limit = interpreted(3, "{\"verdict\":\"inconclusive\",\"limit\":\"max-seconds\"}\n");
  CHECK(limit.status == "timeout");
  CHECK(limit.diagnostic == "inconclusive: max-seconds");
  const SdvmcResult killed = interpreted(128 + 9, "", "", true);
  CHECK(killed.status == "timeout");
  CHECK(killed.diagnostic == "killed after 60 s (--timeout)");
  const SdvmcResult crash = interpreted(134, "", "Assertion failed\n");
  CHECK(crash.status == "crash");
  CHECK(crash.diagnostic == "sdvmc exited with status 134: Assertion failed");
}

TEST_CASE("outcomes are classified against GPUVerify's expectation", "[crosscheck][harness]") {
  const SdvmcResult ok = interpreted(0, "{\"verdict\":\"ok\"}\n");
  const SdvmcResult race = interpreted(1, "{\"verdict\":\"race\"}\n");
  const SdvmcResult assertion = interpreted(1, "{\"verdict\":\"assertion\"}\n");
  const SdvmcResult rejected = interpreted(2, "", "k.cl:1:1: error: unsupported: x\n");
  CHECK(outcome(Format::GpuVerify, {"pass"}, ok).cls == "agree");
  CHECK(outcome(Format::GpuVerify, {"pass"}, race).cls == "disagree");
  CHECK(outcome(Format::GpuVerify, {"race"}, race).reason == "race as expected");
  CHECK(outcome(Format::GpuVerify, {"race"}, ok).cls == "disagree");
  CHECK(outcome(Format::GpuVerify, {"divergence"}, race).cls == "disagree");
  CHECK(outcome(Format::GpuVerify, {"violation"}, race).cls == "agree");
  // sdvmc reports a null dereference as an assertion.
  CHECK(outcome(Format::GpuVerify, {"null"}, assertion).cls == "agree");
  // A GPUVerify tool error (xfail:CODE) is no verdict: not comparable, whatever sdvmc does.
  CHECK(outcome(Format::GpuVerify, {"reject"}, rejected).cls == "not-comparable");
  CHECK(outcome(Format::GpuVerify, {"reject"}, ok).cls == "not-comparable");
  CHECK(outcome(Format::GpuVerify, {"pass"}, rejected).cls == "unsupported");
  // What GPUVerify does not check by default: sdvmc found more.
  const SdvmcResult divZero = interpreted(1, "{\"verdict\":\"division-by-zero\"}\n");
  const SdvmcResult oob = interpreted(1, "{\"verdict\":\"out-of-bounds\"}\n");
  CHECK(outcome(Format::GpuVerify, {"pass"}, divZero).cls == "beyond");
  CHECK(outcome(Format::GpuVerify, {"race"}, divZero).cls == "beyond");
  CHECK(outcome(Format::GpuVerify, {"pass"}, oob).cls == "beyond");
  CHECK(outcome(Format::GpuVerify, {"out-of-bounds"}, oob).cls == "agree");
  CHECK(outcome(Format::GpuVerify, {"pass"}, interpreted(128 + 9, "", "", true)).cls == "timeout");
}

TEST_CASE("a spec case agrees when exit status and verdict match", "[crosscheck][harness]") {
  Outcome o;
  o.entry.format = Format::Spec;
  o.entry.expected.kinds = {"race"};
  o.entry.expected.exit = 1;
  o.entry.expected.verdict = "race";
  o.sdvmc = interpreted(1, "{\"verdict\":\"race\"}\n");
  classify(o);
  CHECK(o.cls == "agree");
  CHECK(o.reason == "exit 1, verdict race");
  o.sdvmc = interpreted(1, "{\"verdict\":\"divergence\"}\n");
  classify(o);
  CHECK(o.cls == "disagree");
}
