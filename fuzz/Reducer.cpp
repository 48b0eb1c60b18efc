// Delta debugging over KPL kernels (see Reducer.h).
#include "fuzz/Reducer.h"

#include "kpl/Parser.h"
#include "kpl/Printer.h"
#include "kpl/Verify.h"

#include <iterator>
#include <optional>
#include <set>

namespace sdvmc::fuzz {

namespace {

enum class Pass { Remove8, Remove4, Remove2, Remove1, Unwrap, Procedure, Operand, Zero, One, Init, Array, LocalName };
constexpr Pass kPasses[] = {Pass::Remove8, Pass::Remove4, Pass::Remove2,   Pass::Remove1, Pass::Unwrap,
                            Pass::Procedure, Pass::Operand, Pass::Zero, Pass::One,     Pass::Init,
                            Pass::Array,   Pass::LocalName};

size_t removeLength(Pass p) {
  switch (p) {
    case Pass::Remove8: return 8;
    case Pass::Remove4: return 4;
    case Pass::Remove2: return 2;
    case Pass::Remove1: return 1;
    case Pass::Unwrap: case Pass::Procedure: case Pass::Operand: case Pass::Zero: case Pass::One: case Pass::Init:
    case Pass::Array: case Pass::LocalName:
      return 0;
  }
  return 0;
}

/// Applies edit number `target` of a pass: walks the tree in a fixed order, counting the
/// places the pass could change, and changes the target-th one.
class Editor {
public:
  Editor(Pass pass, size_t target) : pass_(pass), target_(target) {}

  bool apply(kpl::Program& p) {
    if (pass_ == Pass::Procedure) {
      if (target_ >= p.procedures.size()) return false;
      p.procedures.erase(p.procedures.begin() + static_cast<std::ptrdiff_t>(target_));
      return true;
    }
    if (pass_ == Pass::Array) {
      if (target_ >= p.arrays.size()) return false;
      p.arrays.erase(p.arrays.begin() + static_cast<std::ptrdiff_t>(target_));
      return true;
    }
    if (pass_ == Pass::Init) {
      for (kpl::ArrayDecl& a : p.arrays)
        if (a.init)
          for (std::optional<int32_t>& cell : *a.init)
            if (cell && *cell != 0 && hit()) {
              cell = 0;
              return true;
            }
      return false;
    }
    for (kpl::Procedure& pr : p.procedures) stmt(*pr.body);
    if (p.main) stmt(*p.main);
    return done_;
  }

private:
  bool hit() {
    if (done_ || seen_++ != target_) return false;
    done_ = true;
    return true;
  }

  void stmt(kpl::Stmt& s) {
    if (done_) return;
    if (const size_t n = removeLength(pass_); n && s.kind == kpl::StmtKind::Block) {
      for (size_t i = 0; i + n <= s.stmts.size(); ++i)
        if (hit()) {
          s.stmts.erase(s.stmts.begin() + static_cast<std::ptrdiff_t>(i),
                        s.stmts.begin() + static_cast<std::ptrdiff_t>(i + n));
          return;
        }
    }
    if (pass_ == Pass::Unwrap && s.kind == kpl::StmtKind::Block) {
      // A block nested in a block: its statements take its place (no local of its own
      // may clash: verification rejects the candidate then).
      for (size_t i = 0; i < s.stmts.size(); ++i)
        if (s.stmts[i]->kind == kpl::StmtKind::Block && hit()) {
          std::vector<kpl::StmtPtr> inner = std::move(s.stmts[i]->stmts);
          s.stmts.erase(s.stmts.begin() + static_cast<std::ptrdiff_t>(i));
          s.stmts.insert(s.stmts.begin() + static_cast<std::ptrdiff_t>(i), std::make_move_iterator(inner.begin()),
                         std::make_move_iterator(inner.end()));
          return;
        }
      for (kpl::StmtPtr& c : s.stmts) {
        const bool branching = c->kind == kpl::StmtKind::If || c->kind == kpl::StmtKind::While;
        for (size_t b = 0; branching && b < c->stmts.size(); ++b)
          if (hit()) {
            kpl::StmtPtr child = std::move(c->stmts[b]);
            c = std::move(child);
            return;
          }
      }
    }
    if (pass_ == Pass::LocalName && s.kind == kpl::StmtKind::LocalDecl && s.names.size() > 1)
      for (size_t i = 0; i < s.names.size(); ++i)
        if (hit()) {
          s.names.erase(s.names.begin() + static_cast<std::ptrdiff_t>(i));
          return;
        }
    if (pass_ == Pass::Operand || pass_ == Pass::Zero || pass_ == Pass::One)
      for (kpl::ExprPtr& e : s.exprs) expr(e);
    for (kpl::StmtPtr& c : s.stmts) stmt(*c);
  }

  static kpl::ExprPtr literal(int32_t v) {
    auto e = std::make_unique<kpl::Expr>();
    e->kind = kpl::ExprKind::IntLit;
    e->value = v;
    return e;
  }

  void expr(kpl::ExprPtr& e) {
    if (done_) return;
    const bool leaf = e->kind == kpl::ExprKind::IntLit || e->kind == kpl::ExprKind::BoolLit;
    if (pass_ == Pass::Operand) {
      for (kpl::ExprPtr& o : e->operands)
        if (hit()) {
          kpl::ExprPtr child = std::move(o);
          e = std::move(child);
          return;
        }
    } else if (!leaf && hit()) {
      e = literal(pass_ == Pass::One ? 1 : 0);
      return;
    }
    for (kpl::ExprPtr& o : e->operands) expr(o);
  }

  Pass pass_;
  size_t target_;
  size_t seen_ = 0;
  bool done_ = false;
};

std::optional<kpl::Program> parse(const std::string& name, const std::string& text) {
  kpl::SourceFile source(name, text);
  kpl::DiagnosticEngine diags(&source);
  std::optional<kpl::Program> p = kpl::parseProgram(source, diags);
  if (!p || !kpl::verifyProgram(*p, diags)) return std::nullopt;
  p->file = name;
  return p;
}

unsigned count(const kpl::Stmt& s) {
  unsigned n = s.kind == kpl::StmtKind::Block ? 0 : 1;
  for (const kpl::StmtPtr& c : s.stmts) n += count(*c);
  return n;
}

}  // namespace

unsigned countStatements(const kpl::Program& program) {
  unsigned n = program.main ? count(*program.main) : 0;
  for (const kpl::Procedure& p : program.procedures) n += count(*p.body);
  return n;
}

Reduction reduceKernel(const std::string& name, const std::string& text,
                       const std::function<bool(const std::string&)>& interesting, unsigned budget) {
  Reduction r;
  r.text = text;
  std::optional<kpl::Program> start = parse(name, text);
  if (!start) return r;
  r.before = r.after = countStatements(*start);
  std::set<std::string> tried{text};
  bool progress = true;
  while (progress && !r.budgetSpent) {
    progress = false;
    for (Pass pass : kPasses) {
      for (size_t k = 0; !r.budgetSpent;) {
        std::optional<kpl::Program> p = parse(name, r.text);
        if (!p || !Editor(pass, k).apply(*p)) break;
        const std::string candidate = kpl::printProgram(*p);
        if (!tried.insert(candidate).second || !parse(name, candidate)) {
          ++k;
          continue;
        }
        if (r.tries >= budget) {
          r.budgetSpent = true;
          break;
        }
        ++r.tries;
        if (interesting(candidate)) {
          r.text = candidate;
          progress = true;  // the same k now names the next place
        } else {
          ++k;
        }
      }
    }
  }
  if (std::optional<kpl::Program> p = parse(name, r.text)) r.after = countStatements(*p);
  return r;
}

}  // namespace sdvmc::fuzz
