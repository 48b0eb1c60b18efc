// The KPL parser: recursive descent over the grammar of ../shared/kpl-language.md (and
// specs/KPL.md for the extensions), building kpl/Ast.h with a source range on every node.
//
// Error handling. A syntax error is reported and thrown as SyntaxError; the nearest
// statement list (or the top level) catches it, skips to the next `;` or past the next
// balanced `}` and goes on, so one run reports as many errors as it can. After
// kMaxErrors errors, or on nesting deeper than kMaxDepth, parsing stops (Fatal). Every
// loop consumes a token per iteration or exits, and recursion is bounded by the depth
// limit (which also bounds the depth of the tree, left-deep operator chains included, so
// that the tree's destructor, the printer and the verifier cannot overflow the stack).
#include "kpl/Parser.h"

#include "kpl/Lexer.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <utility>

namespace sdvmc::kpl {

namespace {

constexpr size_t kMaxErrors = 100;
constexpr unsigned kMaxDepth = 256;
constexpr uint32_t kMaxThreads = 1u << 20;
constexpr uint32_t kMaxArraySize = INT32_MAX;  // cells are Words: 0 .. 2^31 - 1
constexpr uint32_t kMaxGroups = 1u << 16;

unsigned exprDepth(const Expr& e) {
  unsigned d = 0;
  for (const ExprPtr& o : e.operands) d = std::max(d, exprDepth(*o));
  return d + 1;
}

struct SyntaxError {};  // reported already; unwind to the nearest recovery point
struct Fatal {};        // reported already; stop parsing

// An expression with the depth of its tree.
struct PExpr {
  ExprPtr e;
  unsigned depth = 1;
};

class Parser {
public:
  Parser(const SourceFile& source, DiagnosticEngine& diags)
      : source_(source), diags_(diags) {}

  std::optional<Program> run() {
    LexResult lexed = lex(source_, diags_, kMaxErrors);
    if (lexed.stopped) return std::nullopt;
    errors_ = lexed.errors;
    toks_ = std::move(lexed.tokens);
    Program program;
    program.file = source_.path();
    try {
      parseKernel(program);
    } catch (const Fatal&) {
      return std::nullopt;
    }
    if (errors_ != 0) return std::nullopt;
    return program;
  }

private:
  // ---- tokens -------------------------------------------------------------------------

  const Token& tok() const { return toks_[pos_]; }
  const Token& peekTok(size_t ahead = 1) const {
    size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  bool at(TokenKind k) const { return tok().kind == k; }
  const Token& next() {
    const Token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  SourceLoc prevEnd() const { return pos_ == 0 ? tok().range.begin : toks_[pos_ - 1].range.end; }

  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::Ident: return fmt::format("identifier '{}'", t.text);
      case TokenKind::Number: return fmt::format("number '{}'", t.text);
      default: return std::string(tokenKindName(t.kind));
    }
  }

  // ---- errors -------------------------------------------------------------------------

  void report(SourceLoc at, std::string message) {
    diags_.error(at, std::move(message));
    if (++errors_ >= kMaxErrors) {
      diags_.note(at, "too many errors; stopping");
      throw Fatal{};
    }
  }

  [[noreturn]] void fail(SourceLoc at, std::string message) {
    report(at, std::move(message));
    throw SyntaxError{};
  }

  [[noreturn]] void failExpected(std::string_view what) {
    fail(tok().range.begin, fmt::format("expected {}, found {}", what, describe(tok())));
  }

  const Token& expect(TokenKind k, std::string_view context = {}) {
    if (at(k)) return next();
    if (k == TokenKind::Semi) {
      // A missing `;` is reported where it belongs: right after the previous token.
      fail(prevEnd(), fmt::format("expected ';'{}{}", context.empty() ? "" : " ", context));
    }
    failExpected(tokenKindName(k));
  }

  Ident expectIdent(std::string_view what) {
    if (!at(TokenKind::Ident)) failExpected(what);
    const Token& t = next();
    return Ident{t.text, t.range};
  }

  // Skips to the end of the broken statement: past the next `;` or balanced `{…}` at
  // this level, or up to (not past) a `}` closing an enclosing block or a keyword that
  // starts a top-level item. At the top level there is no enclosing block, so an
  // unbalanced `}` (say, of a broken initialiser) is skipped.
  void synchronize(bool topLevel = false) {
    size_t start = pos_;
    int braces = 0;
    int parens = 0;
    while (!at(TokenKind::Eof)) {
      TokenKind k = tok().kind;
      if (braces == 0 && pos_ != start &&
          (k == TokenKind::KwProcedure || k == TokenKind::KwMain || k == TokenKind::KwShared))
        return;
      if (k == TokenKind::LParen) ++parens;
      if (k == TokenKind::RParen && parens > 0) --parens;
      if (k == TokenKind::LBrace) ++braces;
      if (k == TokenKind::RBrace) {
        if (braces == 0 && !topLevel) return;
        if (braces == 0) {
          next();
          continue;
        }
        if (--braces == 0) {
          next();
          return;
        }
      }
      if (k == TokenKind::Semi && braces == 0) {
        next();
        return;
      }
      next();
    }
  }

  class DepthGuard {
  public:
    explicit DepthGuard(Parser& p, SourceLoc at) : p_(p) {
      if (++p_.depth_ > kMaxDepth) {
        --p_.depth_;
        p_.report(at, fmt::format("nesting too deep (the limit is {} levels)", kMaxDepth));
        throw Fatal{};
      }
    }
    ~DepthGuard() { --p_.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

  private:
    Parser& p_;
  };

  void checkTreeDepth(unsigned depth, SourceLoc at) {
    if (depth > kMaxDepth) {
      report(at, fmt::format("nesting too deep (the limit is {} levels)", kMaxDepth));
      throw Fatal{};
    }
  }

  // ---- top level ----------------------------------------------------------------------

  void parseKernel(Program& program) {
    try {
      parseHeader(program);
    } catch (const SyntaxError&) {
      // A missing header: go on with whatever top-level item comes next.
      if (!at(TokenKind::KwShared) && !at(TokenKind::KwProcedure) && !at(TokenKind::KwMain))
        synchronize(true);
    }
    bool seenProc = false;
    bool seenMain = false;
    while (!at(TokenKind::Eof)) {
      size_t before = pos_;
      try {
        switch (tok().kind) {
          case TokenKind::KwShared:
            if (seenProc || seenMain)
              report(tok().range.begin, "'shared' declarations must come before procedures and main");
            program.arrays.push_back(parseArray());
            break;
          case TokenKind::KwProcedure:
            if (seenMain) report(tok().range.begin, "procedures must come before main");
            seenProc = true;
            program.procedures.push_back(parseProcedure());
            break;
          case TokenKind::KwMain: {
            if (seenMain) report(tok().range.begin, "a second 'main'");
            seenMain = true;
            program.mainRange = next().range;
            expect(TokenKind::Colon);
            program.main = parseStmt();
            break;
          }
          case TokenKind::KwThreads:
          case TokenKind::KwGroup:
            fail(tok().range.begin, "'threads:' and 'group:' must come first, once each");
          case TokenKind::Ident:
            // (extension) `global NAME[…];` and `param NAME;`: contextual keywords, only
            // here (a local may still be called `global` or `param`).
            // (extension) `const global NAME[…];`: constant memory.
            if (tok().text == "const" && peekTok().kind == TokenKind::Ident && peekTok().text == "global") {
              if (seenProc || seenMain)
                report(tok().range.begin, "'const global' declarations must come before procedures and main");
              const SourceLoc begin = next().range.begin;
              program.arrays.push_back(parseArray());
              program.arrays.back().constant = true;
              program.arrays.back().range.begin = begin;
              break;
            }
            if ((tok().text == "global" || tok().text == "param") && peekTok().kind == TokenKind::Ident) {
              if (seenProc || seenMain)
                report(tok().range.begin, fmt::format("'{}' declarations must come before procedures and main",
                                                      tok().text));
              if (tok().text == "global") {
                program.arrays.push_back(parseArray());
              } else {
                next();
                program.params.push_back(expectIdent("a parameter name"));
                expect(TokenKind::Semi);
              }
              break;
            }
            [[fallthrough]];
          default:
            if (seenMain) failExpected("end of file after main");
            failExpected("'shared', 'procedure' or 'main'");
        }
      } catch (const SyntaxError&) {
        synchronize(true);
        if (pos_ == before) next();
      }
    }
    if (!seenMain) report(tok().range.begin, "expected 'main:' (every kernel has a main)");
  }

  void parseHeader(Program& program) {
    expect(TokenKind::KwThreads);
    expect(TokenKind::Colon);
    const Token& n = expect(TokenKind::Number);
    program.threads = n.uvalue;
    program.threadsRange = n.range;
    if (n.uvalue < 1 || n.uvalue > kMaxThreads)
      report(n.range.begin, fmt::format("thread count {} out of range (1 to {})", n.uvalue, kMaxThreads));
    expect(TokenKind::Semi);
    expect(TokenKind::KwGroup);
    expect(TokenKind::Colon);
    const Token& g = expect(TokenKind::Number);
    program.group = g.uvalue;
    program.groupRange = g.range;
    expect(TokenKind::Semi);
    // (extension) `groups: G;`: the number of groups of the launch.
    if (at(TokenKind::Ident) && tok().text == "groups" && peekTok().kind == TokenKind::Colon) {
      next();
      next();
      const Token& gs = expect(TokenKind::Number);
      program.groups = gs.uvalue;
      program.groupsRange = gs.range;
      if (gs.uvalue < 1 || gs.uvalue > kMaxGroups)
        report(gs.range.begin, fmt::format("group count {} out of range (1 to {})", gs.uvalue, kMaxGroups));
      expect(TokenKind::Semi);
    }
  }

  ArrayDecl parseArray() {
    ArrayDecl a;
    a.global = tok().kind == TokenKind::Ident;  // `global` (else `shared`)
    SourceLoc begin = next().range.begin;
    a.name = expectIdent("an array name");
    expect(TokenKind::LBracket);
    if (at(TokenKind::RBracket)) {
      a.unbounded = true;  // (extension) `NAME[]`
    } else {
      const Token& n = expect(TokenKind::Number);
      a.size = n.uvalue;
      if (n.uvalue < 1 || n.uvalue > kMaxArraySize)
        report(n.range.begin, fmt::format("array size {} out of range (1 to {})", n.uvalue, kMaxArraySize));
    }
    expect(TokenKind::RBracket);
    if (at(TokenKind::Eq)) {
      if (a.unbounded) fail(tok().range.begin, "an unbounded array 'NAME[]' has no initialiser");
      next();
      SourceLoc ib = expect(TokenKind::LBrace).range.begin;
      std::vector<std::optional<int32_t>> init, runInit;
      if (!at(TokenKind::RBrace)) {
        do {
          if (!init.empty()) next();  // the `,`
          std::optional<int32_t> run;
          init.push_back(parseInitValue(run));
          runInit.push_back(run);
        } while (at(TokenKind::Comma));
      }
      SourceLoc ie = expect(TokenKind::RBrace).range.end;
      a.init = std::move(init);
      if (std::any_of(runInit.begin(), runInit.end(), [](const auto& v) { return v.has_value(); }))
        a.runInit = std::move(runInit);
      a.initRange = {ib, ie};
    }
    a.range = {begin, expect(TokenKind::Semi).range.end};
    return a;
  }

  // NUMBER, -NUMBER, `*` (arbitrary) or (extension) `*V` (arbitrary, `run` starts it at V:
  // `run` gets V).
  std::optional<int32_t> parseInitValue(std::optional<int32_t>& run) {
    if (at(TokenKind::Star)) {
      next();
      if (at(TokenKind::Number) || at(TokenKind::Minus)) run = parseNumber();
      return std::nullopt;
    }
    return parseNumber();
  }

  int32_t parseNumber() {
    if (at(TokenKind::Minus)) {
      next();
      const Token& n = expect(TokenKind::Number);
      return static_cast<int32_t>(0u - n.uvalue);
    }
    if (!at(TokenKind::Number)) failExpected("a number or '*'");
    return next().value;
  }

  Procedure parseProcedure() {
    Procedure p;
    SourceLoc begin = next().range.begin;  // `procedure`
    p.name = expectIdent("a procedure name");
    expect(TokenKind::LParen);
    if (!at(TokenKind::RParen)) {
      p.params.push_back(expectIdent("a parameter name"));
      while (at(TokenKind::Comma)) {
        next();
        p.params.push_back(expectIdent("a parameter name"));
      }
    }
    expect(TokenKind::RParen);
    p.body = parseStmt();
    p.range = {begin, p.body->range.end};
    return p;
  }

  // ---- statements ---------------------------------------------------------------------

  StmtPtr make(StmtKind kind, SourceLoc begin) {
    auto s = std::make_unique<Stmt>();
    s->kind = kind;
    s->range.begin = begin;
    return s;
  }

  // `kw ;` statements.
  StmtPtr simple(StmtKind kind) {
    StmtPtr s = make(kind, next().range.begin);
    s->range.end = expect(TokenKind::Semi).range.end;
    return s;
  }

  // `barrier;` or (extension) `barrier(SPACES);`, SPACES a comma-separated list of `local`,
  // `global`, or the single word `none`; or (extension) `barrier(grid);`, the grid barrier.
  StmtPtr parseBarrier() {
    StmtPtr s = make(StmtKind::Barrier, next().range.begin);
    if (at(TokenKind::LParen)) {
      next();
      if (at(TokenKind::Ident) && tok().text == "grid") {
        next();
        s->grid = true;
        expect(TokenKind::RParen);
        s->range.end = expect(TokenKind::Semi).range.end;
        return s;
      }
      s->fence = 0;
      bool none = false;
      do {
        if (at(TokenKind::KwLocal)) {
          next();
          s->fence |= kFenceLocal;
        } else if (at(TokenKind::Ident) && (tok().text == "global" || tok().text == "none")) {
          none |= tok().text == "none";
          s->fence |= tok().text == "global" ? kFenceGlobal : 0;
          next();
        } else {
          failExpected("'local', 'global', 'none' or 'grid'");
        }
      } while (at(TokenKind::Comma) && (next(), true));
      if (none && s->fence != 0) fail(s->range.begin, "'none' cannot be combined with a memory space");
      expect(TokenKind::RParen);
    }
    s->range.end = expect(TokenKind::Semi).range.end;
    return s;
  }

  StmtPtr parseStmt() {
    DepthGuard guard(*this, tok().range.begin);
    SourceLoc begin = tok().range.begin;
    switch (tok().kind) {
      case TokenKind::LBrace: return parseBlock();
      case TokenKind::KwLocal: {
        next();
        std::vector<Ident> names{expectIdent("a local name")};
        if (at(TokenKind::Comma) || at(TokenKind::Semi)) {
          while (at(TokenKind::Comma)) {
            next();
            names.push_back(expectIdent("a local name"));
          }
          StmtPtr s = make(StmtKind::LocalDecl, begin);
          s->names = std::move(names);
          s->range.end = expect(TokenKind::Semi).range.end;
          return s;
        }
        StmtPtr s = make(StmtKind::LocalScoped, begin);
        s->names = std::move(names);
        s->stmts.push_back(parseStmt());
        s->range.end = s->stmts[0]->range.end;
        return s;
      }
      case TokenKind::KwIf: {
        next();
        StmtPtr s = make(StmtKind::If, begin);
        s->exprs.push_back(parseParenExpr());
        s->stmts.push_back(parseStmt());
        if (at(TokenKind::KwElse)) {
          next();
          s->stmts.push_back(parseStmt());
        }
        s->range.end = s->stmts.back()->range.end;
        return s;
      }
      case TokenKind::KwWhile: {
        next();
        StmtPtr s = make(StmtKind::While, begin);
        s->exprs.push_back(parseParenExpr());
        s->stmts.push_back(parseStmt());
        s->range.end = s->stmts.back()->range.end;
        return s;
      }
      case TokenKind::KwBarrier: return parseBarrier();
      case TokenKind::KwBreak: return simple(StmtKind::Break);
      case TokenKind::KwContinue: return simple(StmtKind::Continue);
      case TokenKind::KwReturn: return simple(StmtKind::Return);
      case TokenKind::KwSkip: return simple(StmtKind::Skip);
      case TokenKind::KwAssert:
      case TokenKind::KwAssume: {
        StmtPtr s = make(at(TokenKind::KwAssert) ? StmtKind::Assert : StmtKind::Assume, begin);
        next();
        s->exprs.push_back(parseParenExpr());
        s->range.end = expect(TokenKind::Semi).range.end;
        return s;
      }
      case TokenKind::KwWr: return parseWrite();
      case TokenKind::Ident: {
        if (peekTok().kind == TokenKind::LBrace && tok().text == "every") {
          // (extension) `every { … }`: a block run by every thread of the group, enabled or not
          next();
          StmtPtr s = parseBlock();
          s->every = true;
          s->range.begin = begin;
          return s;
        }
        if (peekTok().kind == TokenKind::LParen && tok().text == "candidate") {
          // (extension) `candidate(e);`: a candidate invariant (an assert that only drops itself)
          StmtPtr s = make(StmtKind::Assert, begin);
          s->candidate = true;
          next();
          s->exprs.push_back(parseParenExpr());
          s->range.end = expect(TokenKind::Semi).range.end;
          return s;
        }
        if (peekTok().kind == TokenKind::LParen && tok().text == "private_index") return parsePrivateIndex(begin);
        if (peekTok().kind == TokenKind::LParen && atomicOpNamed(tok().text))
          return parseAtomic(begin, Ident{});
        if (peekTok().kind == TokenKind::LParen && asyncOpNamed(tok().text)) return parseAsync(begin, Ident{});
        if (peekTok().kind == TokenKind::LParen) return parseCall();
        if (peekTok().kind == TokenKind::Assign) return parseAssign();
        if (peekTok().kind == TokenKind::Comma) return parsePairAtomic();
        next();
        failExpected("':=' or '(' after a name");
      }
      case TokenKind::KwRd:
        fail(begin, "'rd' must be the whole right-hand side of an assignment, 'x := rd(...)'");
      default:
        failExpected("a statement");
    }
  }

  StmtPtr parseBlock() {
    StmtPtr s = make(StmtKind::Block, next().range.begin);  // `{`
    while (!at(TokenKind::RBrace)) {
      TokenKind k = tok().kind;
      if (k == TokenKind::Eof || k == TokenKind::KwProcedure || k == TokenKind::KwMain ||
          k == TokenKind::KwShared) {
        report(tok().range.begin, fmt::format("expected '}}', found {}", describe(tok())));
        diags_.note(s->range.begin, "to match this '{'");  // one error per unclosed block, each told apart
        s->range.end = tok().range.begin;
        return s;
      }
      size_t before = pos_;
      try {
        s->stmts.push_back(parseStmt());
      } catch (const SyntaxError&) {
        synchronize();
        if (pos_ == before && !at(TokenKind::RBrace)) next();
      }
    }
    s->range.end = next().range.end;  // `}`
    return s;
  }

  // Arguments of a call, `rd` or `wr`: `( e, … )`, zero or more. `firstIsName` tells
  // whether the first argument was a lone identifier (the array of `rd`/`wr`).
  std::vector<ExprPtr> parseArgs(bool* firstIsName = nullptr) {
    expect(TokenKind::LParen);
    std::vector<ExprPtr> args;
    if (firstIsName) *firstIsName = false;
    if (!at(TokenKind::RParen)) {
      if (firstIsName)
        *firstIsName = at(TokenKind::Ident) &&
                       (peekTok().kind == TokenKind::Comma || peekTok().kind == TokenKind::RParen);
      args.push_back(parseExpr());
      while (at(TokenKind::Comma)) {
        next();
        args.push_back(parseExpr());
      }
    }
    expect(TokenKind::RParen);
    return args;
  }

  // (extension) `private_index(NAME, e, N);`: the check of an index e into the private array
  // NAME of N elements (a label, not a KPL array), an Assert of `e >= 0 && e < N` whose failure
  // is the verdict out-of-bounds (specs/KPL.md).
  StmtPtr parsePrivateIndex(SourceLoc begin) {
    next();  // `private_index`
    expect(TokenKind::LParen);
    // The label is a word: a name, or a KPL keyword (a C array may be named `local`).
    const std::string_view word = tok().text;
    if (word.empty() || !(std::isalpha(static_cast<unsigned char>(word[0])) || word[0] == '_'))
      failExpected("the private array's name");
    Ident name{std::string(word), tok().range};
    next();
    expect(TokenKind::Comma);
    ExprPtr index = parseExpr();
    expect(TokenKind::Comma);
    if (!at(TokenKind::Number))
      fail(tok().range.begin,
           fmt::format("the size of 'private_index' must be a number (a constant), found {}", describe(tok())));
    const Token& n = next();
    if (n.uvalue < 1 || n.uvalue > kMaxArraySize)
      report(n.range.begin, fmt::format("private array size {} out of range (1 to {})", n.uvalue, kMaxArraySize));
    const uint32_t size = n.uvalue;
    expect(TokenKind::RParen);
    SourceLoc end = expect(TokenKind::Semi).range.end;
    return makePrivateIndex(std::move(name), std::move(index), size, SourceRange{begin, end});
  }

  StmtPtr parseCall() {
    SourceLoc begin = tok().range.begin;
    StmtPtr s = make(StmtKind::Call, begin);
    s->target = expectIdent("a procedure name");
    s->exprs = parseArgs();
    s->range.end = expect(TokenKind::Semi, "after a call").range.end;
    return s;
  }

  StmtPtr parseAssign() {
    SourceLoc begin = tok().range.begin;
    Ident target = expectIdent("a name");
    expect(TokenKind::Assign);
    if (at(TokenKind::Ident) && peekTok().kind == TokenKind::LParen && atomicOpNamed(tok().text))
      return parseAtomic(begin, std::move(target));
    if (at(TokenKind::Ident) && peekTok().kind == TokenKind::LParen && asyncOpNamed(tok().text))
      return parseAsync(begin, std::move(target));
    const bool ghost = at(TokenKind::Ident) && tok().text == "ghost_rd" && peekTok().kind == TokenKind::LParen;
    if (!at(TokenKind::KwRd) && !ghost) {
      StmtPtr s = make(StmtKind::Assign, begin);
      s->target = std::move(target);
      s->exprs.push_back(parseExpr());
      s->range.end = expect(TokenKind::Semi, "after an assignment").range.end;
      return s;
    }
    SourceLoc rdLoc = next().range.begin;
    StmtPtr s = make(StmtKind::Read, begin);
    s->target = std::move(target);
    s->ghost = ghost;  // (extension) `x := ghost_rd(A, e)`: a read that is not logged
    bool named = false;
    std::vector<ExprPtr> args = parseArgs(&named);
    if (args.size() == 2) {
      if (!named) fail(args[0]->range.begin, "the array of 'rd(A, e)' must be a name");
      s->array = Ident{args[0]->name, args[0]->range};
      s->exprs.push_back(std::move(args[1]));
    } else if (args.size() == 1) {
      s->exprs.push_back(std::move(args[0]));
    } else {
      fail(rdLoc, fmt::format("'rd' takes 1 or 2 arguments, not {}", args.size()));
    }
    s->range.end = expect(TokenKind::Semi, "after 'rd(...)'").range.end;
    return s;
  }

  // (extension) `xh, xl := atomic64_OP(...)`: the only statement assigning two locals.
  StmtPtr parsePairAtomic() {
    SourceLoc begin = tok().range.begin;
    Ident hi = expectIdent("a name");
    expect(TokenKind::Comma);
    Ident lo = expectIdent("a name");
    expect(TokenKind::Assign);
    if (!(at(TokenKind::Ident) && peekTok().kind == TokenKind::LParen && atomicOpNamed(tok().text) &&
          atomicIsWide(*atomicOpNamed(tok().text))))
      failExpected("a 64-bit atomic 'atomic64_OP(...)' after 'xh, xl :='");
    return parseAtomic(begin, std::move(hi), std::move(lo));
  }

  // (extension) `atomic_OP(A, i, v)` / `atomic_cas(A, i, c, v)`, with or without `x :=`;
  // the 64-bit `atomic64_OP(A, i, vh, vl)` / `atomic64_cas(A, i, ch, cl, nh, nl)`, with or
  // without `xh, xl :=`.
  StmtPtr parseAtomic(SourceLoc begin, Ident target, Ident target2 = {}) {
    const Token& name = next();
    AtomicOp op = *atomicOpNamed(name.text);
    StmtPtr s = make(StmtKind::Atomic, begin);
    s->target = target;
    s->target2 = target2;
    s->atomicOp = op;
    bool named = false;
    std::vector<ExprPtr> args = parseArgs(&named);
    const bool wide = atomicIsWide(op);
    if (wide != !target2.name.empty() && !target.name.empty())
      fail(name.range.begin, wide ? fmt::format("'{}' returns a 64-bit value: 'xh, xl := {}(...)'", name.text, name.text)
                                  : fmt::format("'{}' returns one Word: 'x := {}(...)'", name.text, name.text));
    const size_t want = op == AtomicOp::Cas ? 4 : op == AtomicOp::Cas64 ? 6 : wide ? 4 : 3;
    if (args.size() != want)
      fail(name.range.begin,
           fmt::format("'{}' takes {} arguments (the array, the index, {}), not {}", name.text, want,
                       op == AtomicOp::Cas     ? "the expected and the new value"
                       : op == AtomicOp::Cas64 ? "the expected high and low word, the new high and low word"
                       : wide                  ? "the operand's high and low word"
                                               : "the operand",
                       args.size()));
    if (!named) fail(args[0]->range.begin, fmt::format("the array of '{}' must be a name", name.text));
    s->array = Ident{args[0]->name, args[0]->range};
    for (size_t i = 1; i < args.size(); ++i) s->exprs.push_back(std::move(args[i]));
    s->range.end = expect(TokenKind::Semi, fmt::format("after '{}(...)'", name.text)).range.end;
    return s;
  }

  // (extension) The asynchronous copies: `[e :=] async_copy(D, doff, dstride, S, soff,
  // sstride, n, ev)`, `async_wait(e, …)`, `cp_async(D, doff, S, soff, n)`, `cp_commit()`,
  // `cp_wait(k)`. Only `async_copy` has a result.
  StmtPtr parseAsync(SourceLoc begin, Ident target) {
    const Token& name = next();
    const AsyncOp op = *asyncOpNamed(name.text);
    StmtPtr s = make(StmtKind::Async, begin);
    s->asyncOp = op;
    if (!target.name.empty() && op != AsyncOp::Copy)
      fail(name.range.begin, fmt::format("'{}' has no result", name.text));
    s->target = std::move(target);
    std::vector<ExprPtr> args = parseArgs();
    auto arrayAt = [&](size_t i) {
      if (args[i]->kind != ExprKind::Name)
        fail(args[i]->range.begin, fmt::format("argument {} of '{}' must be an array name", i + 1, name.text));
      return Ident{args[i]->name, args[i]->range};
    };
    const size_t want = op == AsyncOp::Copy ? 8 : op == AsyncOp::ThreadCopy ? 5 : op == AsyncOp::Commit ? 0 : 1;
    if (op == AsyncOp::Wait ? args.empty() : args.size() != want)
      fail(name.range.begin,
           op == AsyncOp::Wait ? fmt::format("'{}' takes one or more events", name.text)
                               : fmt::format("'{}' takes {} argument{}, not {}", name.text, want, want == 1 ? "" : "s",
                                             args.size()));
    if (op == AsyncOp::Copy || op == AsyncOp::ThreadCopy) {
      const size_t src = op == AsyncOp::Copy ? 3 : 2;  // D, doff, [dstride,] S, …
      s->array = arrayAt(0);
      s->array2 = arrayAt(src);
      for (size_t i = 1; i < args.size(); ++i)
        if (i != src) s->exprs.push_back(std::move(args[i]));
    } else {
      s->exprs = std::move(args);
    }
    s->range.end = expect(TokenKind::Semi, fmt::format("after '{}(...)'", name.text)).range.end;
    return s;
  }

  StmtPtr parseWrite() {
    SourceLoc begin = next().range.begin;  // `wr`
    StmtPtr s = make(StmtKind::Write, begin);
    bool named = false;
    std::vector<ExprPtr> args = parseArgs(&named);
    if (args.size() == 3) {
      if (!named) fail(args[0]->range.begin, "the array of 'wr(A, e1, e2)' must be a name");
      s->array = Ident{args[0]->name, args[0]->range};
      s->exprs.push_back(std::move(args[1]));
      s->exprs.push_back(std::move(args[2]));
    } else if (args.size() == 2) {
      s->exprs = std::move(args);
    } else {
      fail(begin, fmt::format("'wr' takes 2 or 3 arguments, not {}", args.size()));
    }
    s->range.end = expect(TokenKind::Semi, "after 'wr(...)'").range.end;
    return s;
  }

  // ---- expressions --------------------------------------------------------------------

  ExprPtr parseParenExpr() {
    expect(TokenKind::LParen);
    ExprPtr e = parseExpr();
    expect(TokenKind::RParen);
    return e;
  }

  ExprPtr parseExpr() { return parseCond().e; }

  static ExprPtr makeExpr(ExprKind kind, SourceRange range) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->range = range;
    return e;
  }

  // cond ::= binary(1) ( '?' cond ':' cond )?      -- right associative
  PExpr parseCond() {
    DepthGuard guard(*this, tok().range.begin);
    PExpr c = parseBinary(1);
    if (!at(TokenKind::Question)) return c;
    next();
    PExpr t = parseCond();
    expect(TokenKind::Colon);
    PExpr f = parseCond();
    unsigned depth = std::max({c.depth, t.depth, f.depth}) + 1;
    checkTreeDepth(depth, c.e->range.begin);
    ExprPtr e = makeExpr(ExprKind::Cond, {c.e->range.begin, f.e->range.end});
    e->operands.push_back(std::move(c.e));
    e->operands.push_back(std::move(t.e));
    e->operands.push_back(std::move(f.e));
    return {std::move(e), depth};
  }

  // The binary operators of precedence `level` (1 = `||` … 10 = `* / %`), C's table.
  static std::optional<BinaryOp> binaryAt(TokenKind k, int level) {
    switch (level) {
      case 1: if (k == TokenKind::PipePipe) return BinaryOp::LogOr; break;
      case 2: if (k == TokenKind::AmpAmp) return BinaryOp::LogAnd; break;
      case 3: if (k == TokenKind::Pipe) return BinaryOp::BitOr; break;
      case 4: if (k == TokenKind::Caret) return BinaryOp::BitXor; break;
      case 5: if (k == TokenKind::Amp) return BinaryOp::BitAnd; break;
      case 6:
        if (k == TokenKind::EqEq) return BinaryOp::Eq;
        if (k == TokenKind::Ne) return BinaryOp::Ne;
        break;
      case 7:
        if (k == TokenKind::Lt) return BinaryOp::Lt;
        if (k == TokenKind::Le) return BinaryOp::Le;
        if (k == TokenKind::Gt) return BinaryOp::Gt;
        if (k == TokenKind::Ge) return BinaryOp::Ge;
        break;
      case 8:
        if (k == TokenKind::Shl) return BinaryOp::Shl;
        if (k == TokenKind::Shr) return BinaryOp::Shr;
        break;
      case 9:
        if (k == TokenKind::Plus) return BinaryOp::Add;
        if (k == TokenKind::Minus) return BinaryOp::Sub;
        break;
      case 10:
        if (k == TokenKind::Star) return BinaryOp::Mul;
        if (k == TokenKind::Slash) return BinaryOp::Div;
        if (k == TokenKind::Percent) return BinaryOp::Rem;
        break;
      default: break;
    }
    return std::nullopt;
  }

  static constexpr int kBinaryLevels = 10;

  // Left associative: a - b - c is (a - b) - c.
  PExpr parseBinary(int level) {
    if (level > kBinaryLevels) return parseUnary();
    PExpr lhs = parseBinary(level + 1);
    while (std::optional<BinaryOp> op = binaryAt(tok().kind, level)) {
      next();
      PExpr rhs = parseBinary(level + 1);
      unsigned depth = std::max(lhs.depth, rhs.depth) + 1;
      checkTreeDepth(depth, lhs.e->range.begin);
      ExprPtr e = makeExpr(ExprKind::Binary, {lhs.e->range.begin, rhs.e->range.end});
      e->bop = *op;
      e->operands.push_back(std::move(lhs.e));
      e->operands.push_back(std::move(rhs.e));
      lhs = {std::move(e), depth};
    }
    return lhs;
  }

  PExpr parseUnary() {
    std::optional<UnaryOp> op;
    switch (tok().kind) {
      case TokenKind::Minus: op = UnaryOp::Neg; break;
      case TokenKind::Bang: op = UnaryOp::LogNot; break;
      case TokenKind::Tilde: op = UnaryOp::BitNot; break;
      default: return parsePrimary();
    }
    SourceLoc begin = next().range.begin;
    DepthGuard guard(*this, begin);
    PExpr operand = parseUnary();
    ExprPtr e = makeExpr(ExprKind::Unary, {begin, operand.e->range.end});
    e->uop = *op;
    e->operands.push_back(std::move(operand.e));
    return {std::move(e), operand.depth + 1};
  }

  // (extension) the annotation builtins: `enabled()`, `log_offset()`, `pairs(e)`,
  // `other(e)`, `rd_all(A, e)`, `wr_all(A, e)`, `at_taken(A, i, v)` (A a name).
  PExpr parseAnnot() {
    const AnnotOp aop = *annotOpNamed(tok().text);
    SourceLoc begin = tok().range.begin;
    std::string fname = tok().text;
    next();
    bool named = false;
    std::vector<ExprPtr> args = parseArgs(&named);
    const bool logged = annotOpHasArray(aop);
    const size_t want = annotOpArity(aop) + (logged ? 1 : 0);
    if (args.size() != want)
      fail(begin, fmt::format("'{}' takes {} argument{}, not {}", fname, want, want == 1 ? "" : "s", args.size()));
    ExprPtr e = makeExpr(ExprKind::Annot, {begin, toks_[pos_ - 1].range.end});
    e->aop = aop;
    if (logged) {
      if (args[0]->kind != ExprKind::Name) fail(args[0]->range.begin, fmt::format("the array of '{}' must be a name", fname));
      e->name = args[0]->name;
      args.erase(args.begin());
    }
    e->operands = std::move(args);
    const unsigned depth = exprDepth(*e);
    checkTreeDepth(depth, begin);
    return {std::move(e), depth};
  }

  PExpr parsePrimary() {
    const Token& t = tok();
    switch (t.kind) {
      case TokenKind::Number: {
        ExprPtr e = makeExpr(ExprKind::IntLit, t.range);
        e->value = t.value;
        next();
        return {std::move(e), 1};
      }
      case TokenKind::KwTrue:
      case TokenKind::KwFalse: {
        ExprPtr e = makeExpr(ExprKind::BoolLit, t.range);
        e->value = t.kind == TokenKind::KwTrue ? 1 : 0;
        next();
        return {std::move(e), 1};
      }
      case TokenKind::KwLid:
      case TokenKind::KwGid: {
        ExprPtr e = makeExpr(t.kind == TokenKind::KwLid ? ExprKind::Lid : ExprKind::Gid, t.range);
        next();
        return {std::move(e), 1};
      }
      case TokenKind::Ident: {
        if (peekTok().kind == TokenKind::LParen && (t.text == "ldim" || t.text == "ngroups")) {
          // (extension) `ldim(d)` / `ngroups(d)`, d a literal 0, 1 or 2.
          const bool local = t.text == "ldim";
          SourceLoc begin = t.range.begin;
          next();
          expect(TokenKind::LParen);
          const Token& d = expect(TokenKind::Number);
          if (d.uvalue > 2) fail(d.range.begin, fmt::format("dimension {} out of range (0, 1 or 2)", d.uvalue));
          const int32_t dim = static_cast<int32_t>(d.uvalue);
          SourceLoc end = expect(TokenKind::RParen).range.end;
          ExprPtr e = makeExpr(local ? ExprKind::LocalSize : ExprKind::NumGroups, {begin, end});
          e->value = dim;
          return {std::move(e), 1};
        }
        if (peekTok().kind == TokenKind::LParen && t.text == "wsize") {
          // (extension) `wsize()`: the warp width of the model that runs the kernel.
          SourceLoc begin = t.range.begin;
          next();
          expect(TokenKind::LParen);
          SourceLoc end = expect(TokenKind::RParen).range.end;
          return {makeExpr(ExprKind::WarpSize, {begin, end}), 1};
        }
        if (peekTok().kind == TokenKind::LParen && (t.text == "shfl" || t.text == "ballot" || t.text == "wsync" || t.text == "wwidth")) {
          // (extension) `shfl(e, src)`, `ballot(p)`, `wsync(m, x)`, `wwidth(w)`: the warp-level primitives.
          const ExprKind kind = t.text == "shfl"     ? ExprKind::Shfl
                                : t.text == "ballot" ? ExprKind::Ballot
                                : t.text == "wsync"  ? ExprKind::WarpSync
                                                     : ExprKind::WarpWidth;
          const std::string fname = t.text;
          SourceLoc begin = t.range.begin;
          next();
          std::vector<ExprPtr> args = parseArgs();
          const size_t want = kind == ExprKind::Ballot || kind == ExprKind::WarpWidth ? 1 : 2;
          if (args.size() != want)
            fail(begin, fmt::format("'{}' takes {} argument{}, not {}", fname, want, want == 1 ? "" : "s", args.size()));
          SourceLoc end = toks_[pos_ - 1].range.end;
          ExprPtr e = makeExpr(kind, {begin, end});
          e->operands = std::move(args);
          const unsigned depth = exprDepth(*e);
          checkTreeDepth(depth, begin);
          return {std::move(e), depth};
        }
        if (peekTok().kind == TokenKind::LParen && annotOpNamed(t.text)) return parseAnnot();
        if (peekTok().kind == TokenKind::LParen && wideOpNamed(t.text)) {
          // (extension) the 64-bit builtins `ladd_lo(ah, al, bh, bl)` …
          const WideOp wop = *wideOpNamed(t.text);
          SourceLoc begin = t.range.begin;
          std::string fname = t.text;
          next();
          std::vector<ExprPtr> args = parseArgs();
          const size_t want = wideOpArity(wop);
          if (args.size() != want)
            fail(begin, fmt::format("'{}' takes {} argument{}, not {}", fname, want, want == 1 ? "" : "s", args.size()));
          SourceLoc end = toks_[pos_ - 1].range.end;
          ExprPtr e = makeExpr(ExprKind::Wide, {begin, end});
          e->wop = wop;
          e->operands = std::move(args);
          const unsigned depth = exprDepth(*e);
          checkTreeDepth(depth, begin);
          return {std::move(e), depth};
        }
        if (peekTok().kind == TokenKind::LParen) {
          std::optional<BinaryOp> op = builtinOperatorNamed(t.text);
          std::optional<UnaryOp> uop = builtinUnaryNamed(t.text);
          if (!op && !uop)
            fail(t.range.begin, fmt::format("'{}' is not a builtin operator (expressions call only udiv, urem, ult, "
                                            "ule, ugt, uge, lshr, nsw_add, nsw_sub, nsw_mul, addr64, the float operators fadd … fne, fneg, fabs, fsqrt, "
                                            "the conversions itof, utof, ftoi, ftou, and the 64-bit builtins ladd_lo … dtoul_hi)",
                                            t.text));
          SourceLoc begin = t.range.begin;
          std::string fname = t.text;
          next();
          std::vector<ExprPtr> args = parseArgs();
          const size_t want = op ? 2 : 1;
          if (args.size() != want)
            fail(begin, fmt::format("'{}' takes {} argument{}, not {}", fname, want, want == 1 ? "" : "s", args.size()));
          SourceLoc end = toks_[pos_ - 1].range.end;
          ExprPtr e = makeExpr(op ? ExprKind::Binary : ExprKind::Unary, {begin, end});
          if (op) e->bop = *op;
          else e->uop = *uop;
          e->operands = std::move(args);
          const unsigned depth = exprDepth(*e);
          checkTreeDepth(depth, begin);
          return {std::move(e), depth};
        }
        ExprPtr e = makeExpr(ExprKind::Name, t.range);
        e->name = t.text;
        next();
        return {std::move(e), 1};
      }
      case TokenKind::LParen: {
        // The tree has no parenthesis node; the range of what is inside grows to cover them.
        SourceLoc begin = next().range.begin;
        PExpr inner = parseCond();
        inner.e->range = {begin, expect(TokenKind::RParen).range.end};
        return inner;
      }
      case TokenKind::KwRd:
        fail(t.range.begin, "'rd' must be the whole right-hand side of an assignment, 'x := rd(...)'");
      default:
        failExpected("an expression");
    }
  }

  const SourceFile& source_;
  DiagnosticEngine& diags_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  size_t errors_ = 0;
  unsigned depth_ = 0;
};

}  // namespace

std::optional<Program> parseProgram(const SourceFile& source, DiagnosticEngine& diags) {
  return Parser(source, diags).run();
}

}  // namespace sdvmc::kpl
