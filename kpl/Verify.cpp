// Well-formedness of a KPL kernel (sdv-semantics.md, "Well-formedness"): every error is
// reported, each at the most precise location, in source order as far as possible:
// arrays, then procedures, then main, then recursion (which needs the whole call graph).
//
// Scopes: a procedure's parameters, then one frame per block or sub-statement; `local
// a, b;` adds to the innermost frame (its scope is the rest of the enclosing block) and
// `local x S` opens a frame for S. Since hiding is an error, a name is never declared in
// two frames at once in a well-formed kernel.
//
// Recursion: the call graph (procedures as vertices, calls as edges) is built with
// Boost.Graph and its strongly connected components found with strong_components; every
// component with a cycle (two procedures or more, or a self-call) is reported once, with
// one cycle through it written out, "recursion: f -> g -> f".
#include "kpl/Verify.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <climits>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace sdvmc::kpl {

namespace {

constexpr uint32_t kMaxThreads = 1u << 20;
constexpr uint32_t kMaxArraySize = INT32_MAX;  // cells are Words: 0 .. 2^31 - 1

enum class NameKind { Param, Local, KernelParam };

struct Binding {
  std::string name;
  NameKind kind;
  SourceLoc loc;
};

class Verifier {
public:
  Verifier(const Program& program, DiagnosticEngine& diags) : program_(program), diags_(diags) {}

  bool run() {
    size_t before = diags_.errorCount();
    checkHeader();
    checkArrays();
    indexProcedures();
    for (size_t i = 0; i < program_.procedures.size(); ++i) checkProcedure(i);
    checkMain();
    checkRecursion();
    return diags_.errorCount() == before;
  }

private:
  void error(SourceLoc at, std::string message) { diags_.error(at, std::move(message)); }
  void note(SourceLoc at, std::string message) { diags_.note(at, std::move(message)); }

  // ---- program level ------------------------------------------------------------------

  void checkHeader() {
    if (program_.threads < 1 || program_.threads > kMaxThreads)
      error(program_.threadsRange.begin,
            fmt::format("thread count {} out of range (1 to {})", program_.threads, kMaxThreads));
    // gid is a Word: a group id must be a non-negative 32-bit integer.
    if (program_.group > static_cast<uint32_t>(INT32_MAX))
      error(program_.groupRange.begin,
            fmt::format("group id {} out of range (0 to {})", program_.group, INT32_MAX));
    if (program_.groups != 0 && program_.group >= program_.groups)
      error(program_.groupRange.begin,
            fmt::format("group id {} is not one of the {} groups (0 to {})", program_.group, program_.groups,
                        program_.groups - 1));
  }

  void checkArrays() {
    std::map<std::string, const ArrayDecl*> seen;
    for (const ArrayDecl& a : program_.arrays) {
      auto [it, fresh] = seen.emplace(a.name.name, &a);
      if (!fresh) {
        error(a.name.range.begin, fmt::format("duplicate array '{}'", a.name.name));
        note(it->second->name.range.begin, "previous declaration is here");
      }
      if (!a.unbounded && (a.size < 1 || a.size > kMaxArraySize))
        error(a.name.range.begin,
              fmt::format("array '{}' has size {}, out of range (1 to {})", a.name.name, a.size,
                          kMaxArraySize));
      if (a.init && a.init->size() != a.size) {
        SourceLoc at = a.initRange.begin.valid() ? a.initRange.begin : a.name.range.begin;
        error(at, fmt::format("array '{}' has {} element{} but its initialiser has {}",
                              a.name.name, a.size, a.size == 1 ? "" : "s", a.init->size()));
      }
    }
  }

  void indexProcedures() {
    for (size_t i = 0; i < program_.procedures.size(); ++i) {
      const Procedure& p = program_.procedures[i];
      auto [it, fresh] = procIndex_.emplace(p.name.name, i);
      if (!fresh) {
        error(p.name.range.begin, fmt::format("duplicate procedure '{}'", p.name.name));
        note(program_.procedures[it->second].name.range.begin, "previous definition is here");
      }
    }
    calls_.resize(program_.procedures.size());
  }

  void checkProcedure(size_t index) {
    const Procedure& p = program_.procedures[index];
    current_ = &p;
    currentIndex_ = index;
    inMain_ = false;
    loopDepth_ = 0;
    openKernelParams();
    scopes_.emplace_back();
    for (const Ident& param : p.params) {
      if (const Binding* prev = lookupFrame(scopes_.back(), param.name)) {
        error(param.range.begin, fmt::format("duplicate parameter '{}'", param.name));
        note(prev->loc, "previous parameter is here");
        continue;
      }
      if (const Binding* prev = lookupFrame(scopes_.front(), param.name)) {
        error(param.range.begin, fmt::format("parameter '{}' hides a kernel parameter", param.name));
        note(prev->loc, "the hidden declaration is here");
      }
      scopes_.back().push_back({param.name, NameKind::Param, param.range.begin});
    }
    if (p.body) subStmt(*p.body);
    else error(p.name.range.begin, fmt::format("procedure '{}' has no body", p.name.name));
    current_ = nullptr;
  }

  void checkMain() {
    current_ = nullptr;
    inMain_ = true;
    loopDepth_ = 0;
    openKernelParams();
    scopes_.emplace_back();
    if (!program_.main) {
      error(program_.mainRange.begin, "the kernel has no main");
      return;
    }
    subStmt(*program_.main);
    if (!endsWithBarrier(*program_.main))
      error(program_.mainRange.begin.valid() ? program_.mainRange.begin : program_.main->range.begin,
            "main must end with 'barrier'");
    else if (!endsWithBarrier(*program_.main, true))
      error(program_.mainRange.begin.valid() ? program_.mainRange.begin : program_.main->range.begin,
            "main must end with a 'barrier;' that orders both memory spaces, not 'barrier(local)', "
            "'barrier(global)' or 'barrier(none)'");
  }

  // The last statement of main, looking through blocks and `local x S`, is a barrier. A
  // block ending in `local a;` ends with nothing, so not with a barrier. With `full`, a
  // barrier that orders both memory spaces (the last one must: it checks and merges every
  // log that barriers with fence flags kept).
  static bool endsWithBarrier(const Stmt& s, bool full = false) {
    switch (s.kind) {
      case StmtKind::Barrier: return !full || s.fence == kFenceAll;
      case StmtKind::Block:
        return !s.stmts.empty() && s.stmts.back() && endsWithBarrier(*s.stmts.back(), full);
      case StmtKind::LocalScoped:
        return !s.stmts.empty() && s.stmts[0] && endsWithBarrier(*s.stmts[0], full);
      case StmtKind::LocalDecl:
      case StmtKind::If:
      case StmtKind::While:
      case StmtKind::Call:
      case StmtKind::Break:
      case StmtKind::Continue:
      case StmtKind::Return:
      case StmtKind::Skip:
      case StmtKind::Assert:
      case StmtKind::Assume:
      case StmtKind::Assign:
      case StmtKind::Read:
      case StmtKind::Write:
      case StmtKind::Atomic:
      case StmtKind::Async:
        return false;
    }
    return false;
  }

  // ---- scopes -------------------------------------------------------------------------

  // The outermost frame of main and of every procedure: the kernel parameters.
  void openKernelParams() {
    scopes_.clear();
    scopes_.emplace_back();
    for (const Ident& param : program_.params) {
      if (const Binding* prev = lookupFrame(scopes_.back(), param.name)) {
        error(param.range.begin, fmt::format("duplicate kernel parameter '{}'", param.name));
        note(prev->loc, "previous declaration is here");
        continue;
      }
      scopes_.back().push_back({param.name, NameKind::KernelParam, param.range.begin});
    }
  }

  using Frame = std::vector<Binding>;

  static const Binding* lookupFrame(const Frame& f, const std::string& name) {
    for (const Binding& b : f)
      if (b.name == name) return &b;
    return nullptr;
  }

  const Binding* lookup(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (const Binding* b = lookupFrame(*it, name)) return b;
    return nullptr;
  }

  // Declares the names of one `local` in the innermost frame.
  void declareLocals(const std::vector<Ident>& names) {
    std::set<std::string> here;
    for (const Ident& n : names) {
      if (!here.insert(n.name).second) {
        error(n.range.begin, fmt::format("'{}' is declared twice in one 'local'", n.name));
        continue;
      }
      if (const Binding* prev = lookup(n.name)) {
        error(n.range.begin,
              fmt::format("local '{}' hides an enclosing {}", n.name,
                          prev->kind == NameKind::Param         ? "parameter"
                          : prev->kind == NameKind::KernelParam ? "kernel parameter"
                                                                : "local"));
        note(prev->loc, "the hidden declaration is here");
      }
      scopes_.back().push_back({n.name, NameKind::Local, n.range.begin});
    }
  }

  // ---- statements ---------------------------------------------------------------------

  // A statement in a position of its own (a branch, a loop body, a scope): a `local a;`
  // directly there is scoped to it alone.
  void subStmt(const Stmt& s) {
    scopes_.emplace_back();
    stmt(s);
    scopes_.pop_back();
  }

  void assigned(const Ident& target) {
    const Binding* b = lookup(target.name);
    if (!b) {
      error(target.range.begin, fmt::format("assignment to undeclared local '{}'", target.name));
    } else if (b->kind == NameKind::KernelParam) {
      error(target.range.begin, fmt::format("assignment to kernel parameter '{}' (kernel parameters are read-only)",
                                            target.name));
    } else if (b->kind == NameKind::Param) {
      error(target.range.begin,
            fmt::format("procedure '{}' assigns its parameter '{}' (parameters are passed by name "
                        "and cannot be assigned)",
                        current_ ? current_->name.name : std::string("?"), target.name));
    }
  }

  void checkArrayName(const std::optional<Ident>& array) {
    if (!array) return;
    if (program_.arrays.empty()) {
      if (array->name != "mem")
        error(array->range.begin,
              fmt::format("unknown array '{}' (without 'shared' declarations the only memory is "
                          "'mem')",
                          array->name));
      return;
    }
    for (const ArrayDecl& a : program_.arrays)
      if (a.name.name == array->name) return;
    error(array->range.begin, fmt::format("unknown array '{}'", array->name));
  }

  void exprs(const Stmt& s) {
    if (s.privateIndex) {  // exprs[0] is built from exprs[1]: one diagnostic per error written
      expr(*s.exprs[1]);
      return;
    }
    for (const ExprPtr& e : s.exprs)
      if (e) expr(*e);
  }

  // Errors come in source order: the target or array first, then the expressions.
  void stmt(const Stmt& s) {
    if (every_ > 0) everyStmt(s);
    switch (s.kind) {
      case StmtKind::Block:
        scopes_.emplace_back();
        every_ += s.every ? 1 : 0;
        for (const StmtPtr& c : s.stmts)
          if (c) stmt(*c);
        every_ -= s.every ? 1 : 0;
        scopes_.pop_back();
        break;
      case StmtKind::LocalDecl:
        declareLocals(s.names);
        break;
      case StmtKind::LocalScoped:
        scopes_.emplace_back();
        declareLocals(s.names);
        for (const StmtPtr& c : s.stmts)
          if (c) subStmt(*c);
        scopes_.pop_back();
        break;
      case StmtKind::If:
        exprs(s);
        for (const StmtPtr& c : s.stmts)
          if (c) subStmt(*c);
        break;
      case StmtKind::While:
        exprs(s);
        ++loopDepth_;
        for (const StmtPtr& c : s.stmts)
          if (c) subStmt(*c);
        --loopDepth_;
        break;
      case StmtKind::Call:
        call(s);
        exprs(s);
        break;
      case StmtKind::Barrier:
      case StmtKind::Skip:
        break;
      case StmtKind::Assert:
      case StmtKind::Assume:
        exprs(s);
        break;
      case StmtKind::Break:
      case StmtKind::Continue:
        if (loopDepth_ == 0)
          error(s.range.begin, fmt::format("'{}' outside a loop",
                                           s.kind == StmtKind::Break ? "break" : "continue"));
        break;
      case StmtKind::Return:
        if (inMain_) error(s.range.begin, "'return' in main");
        break;
      case StmtKind::Assign:
        assigned(s.target);
        exprs(s);
        break;
      case StmtKind::Read:
        assigned(s.target);
        checkArrayName(s.array);
        exprs(s);
        break;
      case StmtKind::Write:
        checkArrayName(s.array);
        exprs(s);
        break;
      case StmtKind::Atomic: {
        const bool wide = atomicIsWide(s.atomicOp);
        const size_t want = s.atomicOp == AtomicOp::Cas ? 3 : s.atomicOp == AtomicOp::Cas64 ? 5 : wide ? 3 : 2;
        if (s.exprs.size() != want)
          error(s.range.begin, fmt::format("'{}' takes {} operands after the array, not {}", atomicOpName(s.atomicOp),
                                           want, s.exprs.size()));
        if (!s.target.name.empty() && wide != !s.target2.name.empty())
          error(s.range.begin, wide ? fmt::format("'{}' assigns two locals (high and low word)", atomicOpName(s.atomicOp))
                                    : fmt::format("'{}' assigns one local", atomicOpName(s.atomicOp)));
        if (!s.target2.name.empty() && s.target2.name == s.target.name)
          error(s.target2.range.begin,
                fmt::format("'{}' receives both words of '{}' (the two targets must differ)", s.target.name,
                            atomicOpName(s.atomicOp)));
        if (!s.target.name.empty()) assigned(s.target);
        if (!s.target2.name.empty()) assigned(s.target2);
        checkArrayName(s.array);
        exprs(s);
        break;
      }
      case StmtKind::Async: {
        // (extension) the asynchronous copies (specs/KPL.md); the parser checks the arity
        const size_t want = s.asyncOp == AsyncOp::Copy ? 6 : s.asyncOp == AsyncOp::ThreadCopy ? 3
                            : s.asyncOp == AsyncOp::Commit ? 0 : 1;
        if (s.asyncOp == AsyncOp::Wait ? s.exprs.empty() : s.exprs.size() != want)
          error(s.range.begin, fmt::format("'{}' has {} operands", asyncOpName(s.asyncOp), s.exprs.size()));
        if (!s.target.name.empty()) assigned(s.target);
        if (s.asyncOp == AsyncOp::Copy || s.asyncOp == AsyncOp::ThreadCopy) {
          if (!s.array || !s.array2) error(s.range.begin, fmt::format("'{}' names two arrays", asyncOpName(s.asyncOp)));
          checkArrayName(s.array);
          checkArrayName(s.array2);
        }
        exprs(s);
        break;
      }
    }
  }

  // (extension) `every { … }` runs for disabled threads too: nothing in it may be an access,
  // a synchronisation or a jump (specs/KPL.md, "Annotations").
  void everyStmt(const Stmt& s) {
    const char* what = nullptr;
    switch (s.kind) {
      case StmtKind::Block: case StmtKind::LocalDecl: case StmtKind::LocalScoped: case StmtKind::If:
      case StmtKind::Skip: case StmtKind::Assign:
        return;
      case StmtKind::Assert: if (!s.candidate) return; what = "candidate"; break;
      case StmtKind::Read: if (s.ghost) return; what = "rd (only ghost_rd)"; break;
      case StmtKind::While: what = "while"; break;
      case StmtKind::Call: what = "a call"; break;
      case StmtKind::Barrier: what = "barrier"; break;
      case StmtKind::Break: what = "break"; break;
      case StmtKind::Continue: what = "continue"; break;
      case StmtKind::Return: what = "return"; break;
      case StmtKind::Assume: what = "assume"; break;
      case StmtKind::Write: what = "wr"; break;
      case StmtKind::Atomic: what = "an atomic"; break;
      case StmtKind::Async: what = "an asynchronous copy"; break;
    }
    error(s.range.begin, fmt::format("{} inside 'every' (it runs for disabled threads: only assignments, ghost_rd, "
                                     "if, assert and local declarations)",
                                     what));
  }

  void call(const Stmt& s) {
    const std::string& name = s.target.name;
    SourceLoc at = s.target.range.begin.valid() ? s.target.range.begin : s.range.begin;
    if (name == "main") {
      error(at, "'main' cannot be called");
      return;
    }
    auto it = procIndex_.find(name);
    if (it == procIndex_.end()) {
      error(at, fmt::format("call to unknown procedure '{}'", name));
      return;
    }
    const Procedure& callee = program_.procedures[it->second];
    if (callee.params.size() != s.exprs.size()) {
      error(at, fmt::format("procedure '{}' takes {} argument{} but {} {} given", name,
                            callee.params.size(), callee.params.size() == 1 ? "" : "s",
                            s.exprs.size(), s.exprs.size() == 1 ? "was" : "were"));
      note(callee.name.range.begin, fmt::format("'{}' is defined here", name));
    }
    if (current_) {
      auto& out = calls_[currentIndex_];
      out.emplace(it->second, at);  // keeps the first call site of each edge
    }
  }

  // ---- expressions --------------------------------------------------------------------

  void expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLit:
      case ExprKind::BoolLit:
      case ExprKind::Lid:
      case ExprKind::Gid:
      case ExprKind::LocalSize:
      case ExprKind::NumGroups:
      case ExprKind::WarpSize:
        break;
      case ExprKind::Name:
        if (!lookup(e.name)) error(e.range.begin, fmt::format("use of undeclared name '{}'", e.name));
        break;
      case ExprKind::Unary:
      case ExprKind::Binary:
      case ExprKind::Cond:
        break;
      case ExprKind::Shfl:
      case ExprKind::Ballot:
        if (e.operands.size() != (e.kind == ExprKind::Shfl ? 2u : 1u))
          error(e.range.begin, fmt::format("'{}' takes {} argument{}", e.kind == ExprKind::Shfl ? "shfl" : "ballot",
                                           e.kind == ExprKind::Shfl ? 2 : 1, e.kind == ExprKind::Shfl ? "s" : ""));
        break;
      case ExprKind::WarpWidth:
        if (e.operands.size() != 1) error(e.range.begin, "'wwidth' takes 1 argument");
        break;
      case ExprKind::WarpSync:
        // The second operand is read in every lane of the warp, evaluating or not: a name only.
        if (e.operands.size() != 2)
          error(e.range.begin, "'wsync' takes 2 arguments");
        else if (e.operands[1]->kind != ExprKind::Name)
          error(e.operands[1]->range.begin, "the second argument of 'wsync' must be a local's name");
        break;
      case ExprKind::Wide:
        // The parser checks the count; a tree built by a frontend is checked here.
        if (e.operands.size() != wideOpArity(e.wop))
          error(e.range.begin, fmt::format("'{}' takes {} argument{}, not {}", wideOpName(e.wop), wideOpArity(e.wop),
                                           wideOpArity(e.wop) == 1 ? "" : "s", e.operands.size()));
        break;
      case ExprKind::Annot:
        annot(e);
        return;
    }
    for (const ExprPtr& o : e.operands)
      if (o) expr(*o);
  }

  // The annotation builtins: their operands, and where `other` and `log_offset` may stand.
  void annot(const Expr& e) {
    const char* name = annotOpName(e.aop);
    if (e.operands.size() != annotOpArity(e.aop))
      error(e.range.begin, fmt::format("'{}' takes {} expression argument{}, not {}", name, annotOpArity(e.aop),
                                       annotOpArity(e.aop) == 1 ? "" : "s", e.operands.size()));
    bool* inside = nullptr;
    switch (e.aop) {
      case AnnotOp::Enabled: break;
      case AnnotOp::Pairs:
        if (inPairs_) error(e.range.begin, "'pairs' inside 'pairs'");
        inside = &inPairs_;
        break;
      case AnnotOp::Other:
        if (!inPairs_) error(e.range.begin, "'other' outside 'pairs'");
        if (inOther_) error(e.range.begin, "'other' inside 'other'");
        inside = &inOther_;
        break;
      case AnnotOp::RdAll:
      case AnnotOp::WrAll:
        checkArrayName(Ident{e.name, e.range});
        if (inLogged_) error(e.range.begin, fmt::format("'{}' inside 'rd_all' or 'wr_all'", name));
        inside = &inLogged_;
        break;
      case AnnotOp::LogOffset:
        if (!inLogged_) error(e.range.begin, "'log_offset' outside 'rd_all' and 'wr_all'");
        break;
      case AnnotOp::AtTaken: checkArrayName(Ident{e.name, e.range}); break;
    }
    // `log_offset` names the evaluating thread's entry: not inside an `other` below its rd_all.
    const bool logged = inLogged_;
    if (e.aop == AnnotOp::Other) inLogged_ = false;
    if (inside) *inside = true;
    for (const ExprPtr& o : e.operands)
      if (o) expr(*o);
    if (inside) *inside = false;
    inLogged_ = logged;
  }
  bool inPairs_ = false, inOther_ = false, inLogged_ = false;
  int every_ = 0;  ///< inside `every { … }` blocks

  // ---- recursion ----------------------------------------------------------------------

  void checkRecursion() {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    size_t n = program_.procedures.size();
    Graph g(n);
    for (size_t from = 0; from < n; ++from)
      for (const auto& [to, at] : calls_[from]) boost::add_edge(from, to, g);
    std::vector<size_t> component(n);
    if (n == 0) return;
    boost::strong_components(
        g, boost::make_iterator_property_map(component.begin(),
                                             boost::get(boost::vertex_index, g)));

    std::set<size_t> reported;
    for (size_t start = 0; start < n; ++start) {
      size_t comp = component[start];
      if (reported.count(comp)) continue;
      std::vector<size_t> cycle = findCycle(start, component);
      if (cycle.empty()) continue;
      reported.insert(comp);
      std::string text = program_.procedures[start].name.name;
      for (size_t i = 1; i < cycle.size(); ++i) text += " -> " + program_.procedures[cycle[i]].name.name;
      SourceLoc at = calls_[cycle[0]].at(cycle[1]);
      error(at, "recursion: " + text);
    }
  }

  // A cycle from `start` back to it within its component (breadth-first, so shortest,
  // and in procedure order, so deterministic): [start, …, start]; empty when none.
  std::vector<size_t> findCycle(size_t start, const std::vector<size_t>& component) const {
    std::map<size_t, size_t> parent;
    std::deque<size_t> queue{start};
    std::set<size_t> seen;
    while (!queue.empty()) {
      size_t u = queue.front();
      queue.pop_front();
      for (const auto& [v, at] : calls_[u]) {
        if (component[v] != component[start]) continue;
        if (v == start) {
          std::vector<size_t> path{start};
          for (size_t w = u; w != start; w = parent.at(w)) path.push_back(w);
          std::reverse(path.begin() + 1, path.end());
          path.push_back(start);
          return path;
        }
        if (seen.insert(v).second) {
          parent[v] = u;
          queue.push_back(v);
        }
      }
    }
    return {};
  }

  const Program& program_;
  DiagnosticEngine& diags_;
  std::map<std::string, size_t> procIndex_;
  std::vector<std::map<size_t, SourceLoc>> calls_;  // caller -> callee -> first call site
  std::vector<Frame> scopes_;
  const Procedure* current_ = nullptr;
  size_t currentIndex_ = 0;
  bool inMain_ = false;
  int loopDepth_ = 0;
};

}  // namespace

bool verifyProgram(const Program& program, DiagnosticEngine& diags) {
  return Verifier(program, diags).run();
}

}  // namespace sdvmc::kpl
