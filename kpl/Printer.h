// The KPL pretty-printer. Its output parses back to the same AST (sameAst), which the
// tests check on every spec; `sdvmc lower` prints frontends' output with it.
#pragma once

#include "kpl/Ast.h"

#include <string>

namespace sdvmc::kpl {

std::string printExpr(const Expr& e);
/// One statement, indented by `indent` levels of two spaces, ending with a newline.
std::string printStmt(const Stmt& s, int indent = 0);
std::string printProgram(const Program& p);

}  // namespace sdvmc::kpl
