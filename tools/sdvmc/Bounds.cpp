// The bound options (see Bounds.h).
#include "tools/sdvmc/Bounds.h"

#include "support/Numbers.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <climits>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sdvmc::tool {

namespace {

/// What a single value may be; `one` is false for A..B.
bool parse(const std::string& text, bool one, int64_t lo, int64_t hi, int64_t maxSpan, Range& out) {
  if (one && text.find("..") != std::string::npos) return false;
  return support::parseRange(text, lo, hi, out.lo, out.hi) && out.hi - out.lo <= maxSpan;
}

}  // namespace

std::optional<Range> parseBound(Bound bound, const std::string& text, Values values, std::string& error,
                                int64_t maxThreads) {
  const bool one = values == Values::One;
  Range r;
  switch (bound) {
    case Bound::Threads:
      if (parse(text, one, 1, maxThreads, INT64_MAX, r)) return r;
      error = one ? fmt::format("--threads expects N with 1 <= N <= {}, not '{}'", maxThreads, text)
                  : fmt::format("--threads expects N or A..B with 1 <= A <= B <= {}, not '{}'", maxThreads, text);
      return std::nullopt;
    case Bound::Group:
      if (parse(text, one, 0, INT32_MAX, 1'000'000, r)) return r;
      error = one ? fmt::format("--group expects G within 0..{}, not '{}'", INT32_MAX, text)
                  : fmt::format("--group expects G or A..B within 0..{}, not '{}'", INT32_MAX, text);
      return std::nullopt;
    case Bound::Domain:
      if (parse(text, false, INT32_MIN, INT32_MAX, 65535, r)) return r;
      error = fmt::format("--domain expects LO..HI (32-bit, at most 65536 values), not '{}'", text);
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<ParamBound> parseParam(const std::string& text, const std::vector<std::string>& names, Values values,
                                     std::string& error) {
  const size_t eq = text.find('=');
  const std::string name = text.substr(0, eq);
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) {
    error = fmt::format("the kernel has no parameter '{}'{}", name, names.empty() ? " (it takes none)" : "");
    return std::nullopt;
  }
  const bool one = values == Values::One;
  ParamBound p;
  p.index = static_cast<size_t>(it - names.begin());
  if (eq != std::string::npos && parse(text.substr(eq + 1), one, INT32_MIN, UINT32_MAX, 65535, p.values)) return p;
  error = one ? fmt::format("--param expects NAME=V with V a 32-bit integer, not '{}'", text)
              : fmt::format("--param expects NAME=V or NAME=LO..HI (at most 65536 values), not '{}'", text);
  return std::nullopt;
}

void addBoundsOptions(CLI::App& cmd, BoundsArgs& a, Values values, bool domain) {
  const bool one = values == Values::One;
  cmd.add_option("--threads", a.threads, one ? "group size (overrides threads:)" : "group sizes: N or A..B");
  cmd.add_option("--group", a.group, one ? "group id (overrides group:)" : "group ids: G or A..B");
  if (domain)
    cmd.add_option("--domain", a.domain, "LO..HI: the values an arbitrary Word ranges over (default 0..1)");
  cmd.add_option("--param", a.params,
                 one ? "NAME=V: a kernel parameter's value (default 0)"
                     : "NAME=LO..HI: the values a kernel parameter ranges over");
  cmd.add_option("--kernel-args", a.kernelArgs,
                 "K,V,…: GPUVerify's form: the kernel's name, then each scalar parameter's value in order (* for any)");
}

void addRaceOptions(CLI::App& cmd, RaceArgs& a) {
  cmd.add_flag("--benign-writes{sdv}", a.benignWrites,
               "sdv: two threads writing the same value is not a race; gpuverify: nor a read and a write that "
               "leaves the value as it was (off: SDV's rule)");
  cmd.add_flag("--only-divergence", a.onlyDivergence, "do not check races (GPUVerify's --only-divergence)");
  cmd.add_option("--check-arrays", a.checkArrays, "A,B: check races on these arrays only (GPUVerify's /checkArrays:)")
      ->delimiter(',');
}

std::string raceReplayWords(const RaceArgs& a) {
  std::string out;
  if (a.benignWrites) out += *a.benignWrites == "sdv" ? " --benign-writes" : " --benign-writes=" + *a.benignWrites;
  if (a.onlyDivergence) out += " --only-divergence";
  if (!a.checkArrays.empty()) out += fmt::format(" --check-arrays {}", fmt::join(a.checkArrays, ","));
  return out;
}

std::optional<sem::RaceOptions> BoundsReader::races(const RaceArgs& a, const sem::Ir& ir, bool& benignWrites) const {
  sem::RaceOptions r;
  benignWrites = a.benignWrites.has_value();
  if (a.benignWrites && *a.benignWrites != "sdv" && *a.benignWrites != "gpuverify") {
    cl_.reject("--benign-writes", fmt::format("--benign-writes takes sdv or gpuverify, not '{}'", *a.benignWrites),
               json_);
    return std::nullopt;
  }
  r.benignUnchanged = a.benignWrites == "gpuverify";
  r.check = !a.onlyDivergence;
  for (const std::string& name : a.checkArrays) {
    // GPUVerify names arrays `$$A` in its options; the source name is A.
    const std::string plain = name.rfind("$$", 0) == 0 ? name.substr(2) : name;
    size_t k = 0;
    while (k < ir.arrays.size() && ir.arrays[k].name != plain) ++k;
    if (k == ir.arrays.size()) {
      std::string known;
      for (const sem::ArrayInfo& info : ir.arrays)
        if (!info.name.empty() && info.name[0] != '_') known += (known.empty() ? "" : ", ") + info.name;
      cl_.reject("--check-arrays", fmt::format("the kernel has no array '{}' (its arrays: {})", plain, known), json_);
      return std::nullopt;
    }
    r.arrays.push_back(static_cast<sem::ArrayId>(k));
  }
  return r;
}

std::optional<std::vector<Range>> BoundsReader::kernelArgs(const std::optional<std::string>& given,
                                                          const std::vector<std::string>& names,
                                                          std::vector<Range> params) const {
  if (!given) return params;
  std::vector<std::string> words;
  std::string cur;
  for (char c : *given + ",") {
    if (c == ',') {
      words.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (words.size() != names.size() + 1) {
    cl_.reject("--kernel-args",
               fmt::format("--kernel-args expects the kernel's name and {} value{} (its scalar parameters{}{}), not '{}'",
                           names.size(), names.size() == 1 ? "" : "s", names.empty() ? "" : ": ",
                           fmt::join(names, ", "), *given),
               json_);
    return std::nullopt;
  }
  if (!kernelNames_.empty() &&
      std::find(kernelNames_.begin(), kernelNames_.end(), words[0]) == kernelNames_.end()) {
    cl_.reject("--kernel-args", fmt::format("--kernel-args names the kernel '{}', but the kernel checked is '{}'",
                                            words[0], kernelNames_.front()),
               json_);
    return std::nullopt;
  }
  for (size_t p = 0; p < names.size(); ++p) {
    const std::string& v = words[p + 1];
    if (v == "*") continue;  // GPUVerify: an unconstrained value
    Range r;
    if (!support::parseRange(v, INT32_MIN, UINT32_MAX, r.lo, r.hi) || r.lo != r.hi) {
      cl_.reject("--kernel-args",
                 fmt::format("--kernel-args: the value of {} must be a 32-bit integer or *, not '{}'", names[p], v),
                 json_);
      return std::nullopt;
    }
    params[p] = r;
  }
  return params;
}

std::optional<Range> BoundsReader::read(Bound bound, const char* option, const std::string& text, int64_t max) const {
  std::string error;
  std::optional<Range> r = parseBound(bound, text, values_, error, max);
  if (!r) cl_.reject(option, error, json_);
  return r;
}

std::optional<Range> BoundsReader::threads(const std::string& text, int64_t max) const {
  return read(Bound::Threads, "--threads", text, max);
}

std::optional<Range> BoundsReader::group(const std::string& text) const {
  return read(Bound::Group, "--group", text, kMaxGroupSize);
}

std::optional<Range> BoundsReader::domain(const std::string& text) const {
  return read(Bound::Domain, "--domain", text, kMaxGroupSize);
}

std::optional<std::vector<Range>> BoundsReader::params(const std::vector<std::string>& given,
                                                       const std::vector<std::string>& names,
                                                       std::vector<Range> defaults) const {
  for (const std::string& text : given) {
    std::string error;
    // A 64-bit parameter (two of the kernel's, NAME.lo and NAME.hi) given whole: NAME=V, or
    // NAME=A..B within one 2^32 block (its high word fixed).
    const size_t eq = text.find('=');
    const std::string name = text.substr(0, eq);
    auto lo = std::find(names.begin(), names.end(), name + ".lo");
    auto hi = std::find(names.begin(), names.end(), name + ".hi");
    if (eq != std::string::npos && std::find(names.begin(), names.end(), name) == names.end() && lo != names.end() &&
        hi != names.end()) {
      int64_t a = 0, b = 0;
      const bool one = values_ == Values::One;
      const std::string v = text.substr(eq + 1);
      if ((one && v.find("..") != std::string::npos) || !support::parseRange(v, INT64_MIN, INT64_MAX, a, b) ||
          (a >> 32) != (b >> 32) || (b & 0xffffffff) - (a & 0xffffffff) > 65535) {
        cl_.reject("--param", one ? fmt::format("--param expects NAME=V with V a 64-bit integer, not '{}'", text)
                                  : fmt::format("--param expects NAME=V or NAME=LO..HI of a 64-bit parameter within "
                                                "one 2^32 block, at most 65536 values (else give {0}.lo and {0}.hi), "
                                                "not '{1}'",
                                                name, text),
                   json_);
        return std::nullopt;
      }
      defaults[static_cast<size_t>(lo - names.begin())] = Range{a & 0xffffffff, b & 0xffffffff};
      defaults[static_cast<size_t>(hi - names.begin())] = Range{a >> 32, a >> 32};
      continue;
    }
    std::optional<ParamBound> p = parseParam(text, names, values_, error);
    if (!p) {
      cl_.reject("--param", error, json_);
      return std::nullopt;
    }
    defaults[p->index] = p->values;
  }
  return defaults;
}

std::optional<BoundsReader::Configuration> BoundsReader::configuration(const BoundsArgs& a, int64_t threads,
                                                                      int64_t group,
                                                                      const std::vector<std::string>& names) const {
  Configuration c;
  const std::optional<Range> size = this->threads(a.threads.value_or(std::to_string(threads)));
  if (!size) return std::nullopt;
  const std::optional<Range> id = this->group(a.group.value_or(std::to_string(group)));
  if (!id) return std::nullopt;
  const std::optional<Range> values = domain(a.domain);
  if (!values) return std::nullopt;
  std::optional<std::vector<Range>> given = params(a.params, names, std::vector<Range>(names.size()));
  if (given) given = kernelArgs(a.kernelArgs, names, std::move(*given));
  if (!given) return std::nullopt;
  c.threads = size->lo;
  c.group = id->lo;
  c.domain = *values;
  for (const Range& v : *given) c.params.push_back(static_cast<uint32_t>(v.lo));
  return c;
}

}  // namespace sdvmc::tool
