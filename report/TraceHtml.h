// A recorded execution as one self-contained HTML page (`run --html FILE`, `check --html
// FILE` for the witness): a table with one row per rule application and one column per
// thread (per warp under the warp models), barriers as rules across every column, the
// verdict's evidence highlighted — the two racing accesses (class "hl-access"), the barrier
// or statement at fault (class "hl-at") — and the kernel's source beside it, its lines
// highlighted alike. Inline CSS, no script, nothing fetched: it works offline.
#pragma once

#include "kpl/Diagnostics.h"
#include "report/Trace.h"
#include "semantics/rules/Ir.h"
#include "semantics/rules/Verdict.h"

#include <string>

namespace sdvmc::report {

struct TraceView {
  std::string title;        ///< the command's header line ("sdvmc run k.kpl: 4 threads, group 0")
  std::string verdictText;  ///< the verdict as the command prints it
  std::string replay;       ///< the replay command, or empty
  const kpl::SourceFile* source = nullptr;
  const sem::Ir* ir = nullptr;
  const Trace* trace = nullptr;
  const sem::Verdict* verdict = nullptr;
  sem::Word group = 0;      ///< the group the verdict is in
  uint32_t threads = 0;     ///< threads in a group
  /// 0: one column per thread (SDV). Otherwise one column per warp of this many threads
  /// (warp models; mimd is warps of 1).
  uint32_t warpSize = 0;
};

std::string traceHtml(const TraceView& view);

}  // namespace sdvmc::report
