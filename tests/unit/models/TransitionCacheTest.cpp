// The warp models' transition cache (semantics/models/TransitionCache.h) against the interpreter,
// on random kernels: with the cache on, every expansion (successors' bytes and order,
// violation and its index, discarded count, terminal flag, stuck) and every exploration
// must be exactly what it is with the cache off.
//
// For each kernel and model (mimd with and without POR, simt:2, simt-uniform-exit;
// symmetry off, since the cache is off under symmetry): a breadth-first walk of the
// reachable states expands each state with a cache-off model and with one cache-on model
// that learns along the walk; a second pass expands the same states again, in a shuffled
// order, with the same cache-on model (now answering from what it learned in other
// states); then explorer::explore runs with the cache off and on.
#include "ModelHelpers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

using namespace modtest;

namespace {

// ---- a generator of random KPL kernels ------------------------------------------------------

struct ArrayDecl {
  std::string name;
  uint32_t size = 1;
  std::vector<std::string> init;  ///< empty: no initialiser (every cell arbitrary)
  bool unbounded = false;
};

class KernelGen {
public:
  explicit KernelGen(uint32_t seed) : rng_(seed) {}

  /// A kernel of `threads` threads (its header; the bounds may add another size).
  std::string kernel(uint32_t threads, bool useGid, bool useParam) {
    threads_ = threads;
    useGid_ = useGid;
    useParam_ = useParam;
    names_ = {"x", "y", "z"};
    targets_ = names_;
    procedure_.clear();
    arrays_.clear();
    loops_ = 0;
    // A disciplined kernel writes mostly its own cells, with barriers between phases: it
    // runs longer before a race ends it.
    disciplined_ = chance(60);
    budget_ = threads == 3 ? between(4, 8) : between(5, 12);
    if (chance(20)) budget_ += 6;  // a bigger one now and then
    std::string head = fmt::format("threads: {};\ngroup: 0;\n", threads);
    if (chance(5)) {
      defaultMemory_ = true;  // no declaration: `rd(e)`, `wr(e, e)` on the unbounded memory
    } else {
      defaultMemory_ = false;
      const int count = chance(60) ? 1 : 2;
      for (int a = 0; a < count; ++a) {
        ArrayDecl d;
        d.name = a == 0 ? "A" : "B";
        // Mostly a cell per thread or more (so that `lid` is in bounds), sometimes fewer.
        d.size = static_cast<uint32_t>(chance(85) ? between(static_cast<int>(threads), 4) : between(1, 2));
        if (chance(12)) d.size = static_cast<uint32_t>(between(9, 12));  // unknown flags in two bytes; long logs
        d.unbounded = chance(5);  // `shared A[];`: every index valid, every cell arbitrary
        const int kind = between(0, 9);
        if (kind >= 4 && !d.unbounded) {  // an initialiser: constants, some arbitrary when kind >= 8
          for (uint32_t i = 0; i < d.size; ++i)
            d.init.push_back(kind >= 8 && chance(50) ? "*" : std::to_string(cellValue()));
        }
        head += d.unbounded ? fmt::format("shared {}[]", d.name) : fmt::format("shared {}[{}]", d.name, d.size);
        if (!d.init.empty()) {
          head += " = {";
          for (size_t i = 0; i < d.init.size(); ++i) head += (i ? ", " : "") + d.init[i];
          head += "}";
        }
        head += ";\n";
        arrays_.push_back(d);
      }
    }
    if (useParam_) head += "param n;\n";
    if (chance(15)) {  // a procedure `p(a)`, called from main (by name: `a` is the argument expression)
      procedure_ = "p";
      names_ = {"t", "a"};
      targets_ = {"t"};
      std::string body;
      inProcedure_ = true;
      const int saved = budget_;
      budget_ = between(1, 3);
      block(body, 1, 1);
      budget_ = saved;
      inProcedure_ = false;
      head += "procedure p(a) {\n  local t;\n  t := a;\n" + body + "}\n";
      names_ = {"x", "y", "z"};
      targets_ = names_;
    }
    std::string body;
    block(body, 1, 0);
    body += "  barrier;\n";
    std::string locals = "x, y, z";
    for (int i = 0; i < loops_; ++i) locals += fmt::format(", c{}", i);
    return head + "main: {\n  local " + locals + ";\n" + body + "}\n";
  }

private:
  int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return between(0, 99) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<size_t>(between(0, static_cast<int>(v.size()) - 1))];
  }

  /// An initial cell value: mostly small, sometimes outside -128..127.
  int cellValue() {
    if (chance(12)) return pick(std::vector<int>{200, -300, 100000, 128, -129});
    return between(-1, 2);
  }
  std::string local() { return pick(names_); }
  std::string target() { return pick(targets_); }

  std::string leaf() {
    const int k = between(0, 99);
    if (k < 30) return "lid";
    if (k < 60) return local();
    if (k < 63 && useGid_) return "gid";
    if (k < 66 && useParam_) return "n";
    if (k < 72) return pick(std::vector<std::string>{"200", "-300", "100000", "127", "-128"});
    return std::to_string(between(0, 3));
  }

  std::string expr(int depth) {
    if (depth <= 0 || chance(35)) return leaf();
    const int k = between(0, 99);
    if (k < 65) {
      const char* op = pick(std::vector<const char*>{"+", "-", "*", "+", "-"});
      return fmt::format("({} {} {})", expr(depth - 1), op, expr(depth - 1));
    }
    if (k < 77) {  // / and %: mostly by a non-zero constant, sometimes by anything
      const char* op = chance(50) ? "/" : "%";
      const std::string divisor = chance(88) ? pick(std::vector<std::string>{"2", "3", "-2", "1"}) : expr(depth - 1);
      return fmt::format("({} {} {})", expr(depth - 1), op, divisor);
    }
    if (k < 90) return fmt::format("({})", comparison(depth - 1));
    return fmt::format("({} ? {} : {})", comparison(depth - 1), expr(depth - 1), expr(depth - 1));
  }

  std::string comparison(int depth) {
    const char* op = pick(std::vector<const char*>{"==", "!=", "<", "<=", ">", ">="});
    return fmt::format("{} {} {}", expr(depth), op, expr(depth));
  }

  /// A condition: on lid, on values read, or anything.
  std::string condition() {
    const int k = between(0, 99);
    if (k < 30) return fmt::format("lid {} {}", pick(std::vector<const char*>{"==", "<", "!=", ">"}), between(0, 2));
    if (k < 60) return fmt::format("{} {} {}", local(), pick(std::vector<const char*>{"==", "!=", "<", ">"}), between(0, 2));
    return comparison(1);
  }

  /// A condition that usually holds.
  std::string likely() {
    const int k = between(0, 99);
    if (k < 25) return fmt::format("lid < {}", threads_);
    if (k < 50) return fmt::format("{} > -1000", local());
    if (k < 75) return fmt::format("{} != 12345", expr(1));
    return fmt::format("{} == {} || lid >= 0", local(), between(0, 2));
  }

  /// An index into `a` (empty name: the default memory): usually in bounds, sometimes not.
  std::string index(uint32_t size, bool write) {
    if (!counters_.empty() && chance(size > 4 ? 50 : 15))  // a new cell each iteration
      return fmt::format("({} * {} + lid) % {}", counters_.back(), threads_, size);
    if (disciplined_ && write && chance(90)) return "lid";
    const int k = between(0, 99);
    if (k < 45) return "lid";
    if (k < 60) return std::to_string(between(0, static_cast<int>(size) - 1));
    if (k < 70) return fmt::format("(lid + {}) % {}", between(1, 2), size);
    if (k < 78) return fmt::format("{} - lid", size - 1);
    if (k < 88) return fmt::format("{} % {}", local(), size);  // negative locals: out of bounds
    if (k < 92) return local();
    if (k < 94) return std::to_string(size);  // out of bounds
    if (k < 97) return fmt::format("(lid + {}) % {}", local(), size);
    return expr(1);
  }

  std::string value() {
    if (chance(15)) return pick(std::vector<std::string>{"200", "-300", "100000", local() + " * 100", "lid + 127"});
    return expr(2);
  }

  void line(std::string& out, int indent, const std::string& text) {
    out += std::string(static_cast<size_t>(2 * indent), ' ') + text + "\n";
  }

  void block(std::string& out, int indent, int depth) {
    const int count = depth == 0 ? between(2, 6) : between(1, 3);
    for (int i = 0; i < count && budget_ > 0; ++i) {
      statement(out, indent, depth);
      if (depth == 0 && disciplined_ && chance(35)) line(out, indent, "barrier;");
    }
  }

  void statement(std::string& out, int indent, int depth) {
    --budget_;
    const int k = between(0, 99);
    if (k < 22) {  // a read
      if (defaultMemory_) return line(out, indent, fmt::format("{} := rd({});", target(), index(3, false)));
      const ArrayDecl& a = pick(arrays_);
      return line(out, indent, fmt::format("{} := rd({}, {});", target(), a.name, index(a.size, false)));
    }
    if (k < 42) {  // a write
      if (defaultMemory_) return line(out, indent, fmt::format("wr({}, {});", index(3, true), value()));
      const ArrayDecl& a = pick(arrays_);
      return line(out, indent, fmt::format("wr({}, {}, {});", a.name, index(a.size, true), value()));
    }
    if (k < 56) return line(out, indent, fmt::format("{} := {};", target(), expr(2)));
    if (k < 58 && !procedure_.empty() && names_[0] == "x") return line(out, indent, fmt::format("p({});", index(4, true)));
    if (k < 66) return line(out, indent, "barrier;");
    if (k < 70) return line(out, indent, fmt::format("assert({});", chance(70) ? likely() : condition()));
    if (k < 73) return line(out, indent, fmt::format("assume({});", condition()));
    if (k < 75 && loopDepth_ > 0)
      return line(out, indent, fmt::format("if ({}) {{ {}; }}", condition(), chance(60) ? "break" : "continue"));
    if (k < 76 && inProcedure_) return line(out, indent, fmt::format("if ({}) {{ return; }}", condition()));
    if (depth >= 2) return line(out, indent, chance(50) ? "barrier;" : fmt::format("{} := {};", target(), expr(1)));
    if (k < 90) {  // if, maybe else; sometimes a barrier inside (divergence, deadlock)
      line(out, indent, fmt::format("if ({}) {{", condition()));
      if (chance(35)) line(out, indent + 1, "barrier;");
      block(out, indent + 1, depth + 1);
      if (chance(45)) {
        line(out, indent, "} else {");
        block(out, indent + 1, depth + 1);
      }
      return line(out, indent, "}");
    }
    if (inProcedure_) return line(out, indent, "barrier;");  // (loop counters are main's locals)
    // A bounded loop: its counter (no other statement assigns it) goes up first, so that
    // `continue` cannot loop forever.
    const std::string c = fmt::format("c{}", loops_++);
    line(out, indent, fmt::format("{} := 0;", c));
    std::string guard = fmt::format("{} < {}", c, between(1, 4));
    if (chance(30)) guard = fmt::format("{} < lid + 1", c);
    if (chance(30)) guard += fmt::format(" && {}", condition());
    line(out, indent, fmt::format("while ({}) {{", guard));
    line(out, indent + 1, fmt::format("{} := {} + 1;", c, c));
    ++loopDepth_;
    counters_.push_back(c);
    if (chance(30)) line(out, indent + 1, "barrier;");
    block(out, indent + 1, depth + 1);
    --loopDepth_;
    counters_.pop_back();
    line(out, indent, "}");
  }

  std::mt19937 rng_;
  uint32_t threads_ = 2;
  bool useGid_ = false, useParam_ = false;
  std::vector<std::string> names_, targets_;  ///< the locals expressions use, and those assigned
  std::string procedure_;
  bool inProcedure_ = false;
  bool defaultMemory_ = false, disciplined_ = false;
  std::vector<ArrayDecl> arrays_;
  int loops_ = 0, loopDepth_ = 0, budget_ = 0;
  std::vector<std::string> counters_;  ///< the counters of the loops around the statement
};

// ---- comparing expansions and explorations --------------------------------------------------

std::string hex(std::span<const uint8_t> b) {
  std::string s;
  for (uint8_t x : b) s += fmt::format("{:02x}", x);
  return s;
}

std::string describe(const sem::Expansion& e) {
  std::string s = fmt::format("{} successors", e.successors.size());
  if (e.terminal) s += ", terminal";
  if (e.discarded) s += fmt::format(", {} discarded", e.discarded);
  if (e.violation)
    s += fmt::format(", violation #{} {} {} '{}'", e.violationIndex, sem::verdictName(e.violation->kind),
                     sem::ruleName(e.violation->rule), e.violation->message);
  if (e.stuck) s += ", stuck: " + *e.stuck;
  for (const sem::StateBytes& b : e.successors) s += "\n    " + hex(b);
  return s;
}

bool sameVerdict(const sem::Verdict& a, const sem::Verdict& b) {
  if (a.kind != b.kind || a.rule != b.rule || a.at != b.at || !(a.loc == b.loc) || a.threads != b.threads ||
      a.enabled != b.enabled || a.disabled != b.disabled || a.value != b.value || a.array != b.array ||
      a.scope != b.scope || a.message != b.message || a.accesses.size() != b.accesses.size())
    return false;
  for (size_t i = 0; i < a.accesses.size(); ++i) {
    const sem::RaceAccess &x = a.accesses[i], &y = b.accesses[i];
    if (x.thread != y.thread || x.write != y.write || !(x.addr == y.addr) || x.at != y.at || x.atomic != y.atomic ||
        x.group != y.group)
      return false;
  }
  return true;
}

bool sameExpansion(const sem::Expansion& a, const sem::Expansion& b) {
  if (a.successors != b.successors || a.discarded != b.discarded || a.terminal != b.terminal ||
      a.violation.has_value() != b.violation.has_value() || a.stuck != b.stuck)
    return false;
  if (a.violation && (a.violationIndex != b.violationIndex || !sameVerdict(*a.violation, *b.violation)))
    return false;
  return true;
}

struct BytesHash {
  size_t operator()(const sem::StateBytes& b) const {
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
  }
};

/// One model configuration of the differential test.
struct ModelKind {
  const char* name;
  sem::WarpOptions warp;
  bool por;
};
const ModelKind kModels[] = {
    {"mimd", sem::WarpOptions{1, false}, true},
    {"mimd (no POR)", sem::WarpOptions{1, false}, false},
    {"simt:2", sem::WarpOptions{2, false}, true},
    {"simt-uniform-exit", sem::WarpOptions{0, true}, true},
};

std::unique_ptr<sem::WarpModel> makeModel(const sem::Ir& ir, sem::Bounds b, const ModelKind& m, sem::CacheMode mode) {
  b.transitionCache = mode;
  return std::make_unique<sem::WarpModel>(ir, std::move(b), m.warp, m.por, /*symmetry=*/false);
}

struct Totals {
  uint64_t kernels = 0, runs = 0, states = 0, capped = 0, violations = 0;
  uint64_t walkExpansions = 0, walkCached = 0;      ///< first pass (learning as it goes)
  uint64_t againExpansions = 0, againCached = 0;    ///< second pass (shuffled, same model)
  uint64_t mismatches = 0;
};

constexpr size_t kStateCap = 20000;

/// The first difference between the cache-off and cache-on models on this kernel and
/// configuration, described ("" when none).
std::string differential(const sem::Ir& ir, const sem::Bounds& bounds, const ModelKind& kind, uint32_t seed,
                         Totals& totals) {
  auto off = makeModel(ir, bounds, kind, sem::CacheMode::Off);
  auto on = makeModel(ir, bounds, kind, sem::CacheMode::On);
  std::vector<sem::StateBytes> order = off->initialStates();
  if (order != on->initialStates()) return "the initial states differ";
  std::unordered_set<sem::StateBytes, BytesHash> seen(order.begin(), order.end());
  std::vector<sem::Expansion> reference;
  reference.reserve(std::min<size_t>(kStateCap, 4096));
  sem::Expansion eOff, eOn;
  auto mismatch = [&](const char* pass, const sem::StateBytes& s, const sem::Expansion& ref, const sem::Expansion& got) {
    return fmt::format("{}: state {}\n  cache off: {}\n  cache on:  {}", pass, hex(s), describe(ref), describe(got));
  };
  bool capped = false;
  for (size_t i = 0; i < order.size(); ++i) {
    const sem::StateBytes s = order[i];
    off->expand(s, eOff);
    on->expand(s, eOn);
    if (!sameExpansion(eOff, eOn)) return mismatch("walk", s, eOff, eOn);
    reference.push_back(eOff);
    if (eOff.violation) ++totals.violations;
    for (const sem::StateBytes& n : eOff.successors) {
      if (seen.size() >= kStateCap) {
        capped = true;
        break;
      }
      if (seen.insert(n).second) order.push_back(n);
    }
  }
  const auto [walked, walkCached] = on->cacheStats();
  totals.walkExpansions += walked;
  totals.walkCached += walkCached;
  totals.states += order.size();
  totals.capped += capped;

  // Again, in another order, with what the cache learned in the whole walk.
  std::vector<size_t> shuffled(order.size());
  for (size_t i = 0; i < shuffled.size(); ++i) shuffled[i] = i;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(seed * 7919u + 1));
  for (size_t i : shuffled) {
    on->expand(order[i], eOn);
    if (!sameExpansion(reference[i], eOn)) return mismatch("second pass", order[i], reference[i], eOn);
  }
  const auto [all, allCached] = on->cacheStats();
  totals.againExpansions += all - walked;
  totals.againCached += allCached - walkCached;

  // The explorer, with the cache off and on (each worker's clone learns on its own).
  ex::Options o;
  o.jobs = 1;
  o.collectTerminals = true;
  o.maxStates = kStateCap;
  const ex::Result a = ex::explore(*off, o), b = ex::explore(*on, o);
  auto show = [](const ex::Result& r) {
    std::string path;
    for (uint32_t k : r.path) path += fmt::format(" {}", k);
    return fmt::format("status {}, {} states, {} transitions, {} terminal, {} discarded, depth {}, initial {}, path{}, "
                       "{} terminals, limit '{}'{}",
                       static_cast<int>(r.status), r.states, r.transitions, r.terminalStates, r.discarded, r.depth,
                       r.initial, path, r.terminals.size(), r.limit,
                       r.violation ? fmt::format(", {} '{}'", sem::verdictName(r.violation->kind), r.violation->message)
                                   : std::string());
  };
  const bool same = a.status == b.status && a.states == b.states && a.transitions == b.transitions &&
                    a.terminalStates == b.terminalStates && a.discarded == b.discarded && a.depth == b.depth &&
                    a.initial == b.initial && a.path == b.path && a.terminals == b.terminals && a.limit == b.limit &&
                    a.violation.has_value() == b.violation.has_value() &&
                    (!a.violation || sameVerdict(*a.violation, *b.violation));
  if (!same) return fmt::format("explore:\n  cache off: {}\n  cache on:  {}", show(a), show(b));
  if (std::getenv("TC_VERBOSE"))  // (by hand) one line per kernel and model
    std::printf("kernel %u %s: %zu walked, %s\n", seed, kind.name, order.size(), show(a).c_str());
  return "";
}

/// Kernels [first, first + count) of the corpus, each under every model configuration.
Totals runCorpus(uint32_t first, uint32_t count) {
  Totals totals;
  for (uint32_t n = first; n < first + count; ++n) {
    std::mt19937 pick(n);
    const uint32_t threads = pick() % 3 == 0 ? 3 : 2;
    const bool useGid = pick() % 8 == 0;
    const bool useParam = pick() % 10 == 0;
    KernelGen gen(n * 2654435761u + 17);
    const std::string text = gen.kernel(threads, useGid, useParam);
    auto k = compile(text);
    const uint32_t domain = pick() % 12;  // 0..1, sometimes 0..2 or -1..1
    sem::Bounds b = bounds({threads}, domain == 0 ? -1 : 0, domain < 4 ? 2 - (domain == 0) : 1,
                           useGid ? std::vector<sem::Word>{0, 1} : std::vector<sem::Word>{0});
    if (pick() % 6 == 0) b.threads = {2, 3};  // two configurations in one cache
    if (useParam) b.params = {{0}, {1}, {-1}};
    ++totals.kernels;
    for (const ModelKind& m : kModels) {
      ++totals.runs;
      const std::string d = differential(k->ir, b, m, n, totals);
      if (!d.empty()) {
        ++totals.mismatches;
        std::string config;
        for (uint32_t t : b.threads) config += fmt::format(" {}", t);
        config += fmt::format(", groups {}, domain {}..{}", b.groups.size() == 1 ? "0" : "0 1", b.domainLo, b.domainHi);
        if (useParam) config += ", param n in {0, 1, -1}";
        FAIL_CHECK(fmt::format("kernel {} ({}, threads{}), cache on differs from cache off\n{}\n{}", n, m.name, config,
                               text, d));
      }
    }
  }
  return totals;
}

void report(const char* what, const Totals& t) {
  const auto share = [](uint64_t part, uint64_t all) { return all ? 100.0 * double(part) / double(all) : 0.0; };
  std::printf("transition cache, %s: %llu kernels, %llu runs, %llu states (%llu capped runs), %llu violations; "
              "walk: cache answered %llu of %llu expansions (%.1f%%); second pass: %llu of %llu (%.1f%%)\n",
              what, static_cast<unsigned long long>(t.kernels), static_cast<unsigned long long>(t.runs),
              static_cast<unsigned long long>(t.states), static_cast<unsigned long long>(t.capped),
              static_cast<unsigned long long>(t.violations), static_cast<unsigned long long>(t.walkCached),
              static_cast<unsigned long long>(t.walkExpansions), share(t.walkCached, t.walkExpansions),
              static_cast<unsigned long long>(t.againCached), static_cast<unsigned long long>(t.againExpansions),
              share(t.againCached, t.againExpansions));
  std::fflush(stdout);
}

}  // namespace

TEST_CASE("transition cache: random kernels, cache on expands as cache off", "[transition-cache]") {
  const Totals t = runCorpus(0, 400);
  report("random kernels 0..399", t);
  REQUIRE(t.mismatches == 0);
  // Otherwise the comparison would prove little: the cache must answer a good share of
  // the expansions while it is still learning, and most of them once it has learned.
  REQUIRE(t.walkCached * 100 > t.walkExpansions * 30);
  REQUIRE(t.againCached * 100 > t.againExpansions * 50);
}

TEST_CASE("transition cache: more random kernels", "[transition-cache][slow]") {
  const Totals t = runCorpus(400, 1600);
  report("random kernels 400..1999", t);
  REQUIRE(t.mismatches == 0);
  REQUIRE(t.walkCached * 100 > t.walkExpansions * 30);
}

// (by hand) TC_SWEEP=first,count: another range of the corpus.
TEST_CASE("transition cache: a chosen range of random kernels", "[.][transition-cache-sweep]") {
  const char* range = std::getenv("TC_SWEEP");
  unsigned first = 0, count = 1000;
  if (range) std::sscanf(range, "%u,%u", &first, &count);
  const Totals t = runCorpus(first, count);
  report("chosen range", t);
  REQUIRE(t.mismatches == 0);
}
