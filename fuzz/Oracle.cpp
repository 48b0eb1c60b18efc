// The reference semantics as the fuzzer's oracle (see Oracle.h).
#include "fuzz/Oracle.h"

#include "explorer/Explorer.h"
#include "kpl/Parser.h"
#include "kpl/Verify.h"
#include "semantics/models/ModelSupport.h"
#include "semantics/models/SdvModel.h"
#include "semantics/rules/Lower.h"
#include "semantics/rules/Sdv.h"

#include <fmt/format.h>

namespace sdvmc::fuzz {

std::unique_ptr<Loaded> loadText(const std::string& name, const std::string& text, std::string& error) {
  auto k = std::make_unique<Loaded>();
  k->source = std::make_unique<kpl::SourceFile>(name, text);
  kpl::DiagnosticEngine diags(k->source.get());
  auto firstError = [&] {
    for (const kpl::Diagnostic& d : diags.diagnostics())
      if (d.severity == kpl::Severity::Error) return fmt::format("{}:{}:{}: {}", name, d.loc.line, d.loc.col, d.message);
    return std::string("not a kernel");
  };
  std::optional<kpl::Program> program = kpl::parseProgram(*k->source, diags);
  if (!program || !kpl::verifyProgram(*program, diags)) {
    error = firstError();
    return nullptr;
  }
  program->file = name;
  k->program = std::move(*program);
  std::optional<sem::Ir> ir = sem::lower(k->program, diags);
  if (!ir) {
    error = firstError();
    return nullptr;
  }
  k->ir = std::move(*ir);
  k->ir.program = &k->program;
  return k;
}

Reference reference(const Loaded& kernel, uint64_t maxSteps) {
  Reference ref;
  const sem::Ir& ir = kernel.ir;
  const uint32_t threads = kernel.program.threads;
  const auto group = static_cast<sem::Word>(kernel.program.group);

  // check: every configuration of the launch (one: every input is given).
  sem::Bounds bounds;
  bounds.threads = {threads};
  bounds.groups = {group};
  bounds.domainLo = 0;
  bounds.domainHi = 0;
  bounds.stepCap = maxSteps;
  sem::SdvModel model(ir, bounds, /*symmetry=*/false);
  explore::Options eo;
  eo.jobs = 1;
  eo.initialTableBits = 10;
  eo.maxSeconds = 60;
  const explore::Result r = explore::explore(model, eo);
  ref.states = r.states;
  if (r.status == explore::Result::Status::Violation) {
    ref.rejected = r.violation ? sem::verdictName(r.violation->kind) : "violation";
    return ref;
  }
  if (r.status == explore::Result::Status::Inconclusive) {
    ref.rejected = "inconclusive";
    return ref;
  }

  // run: the expected final memory.
  sem::SdvMachine machine(ir, threads);
  sem::GroupState s = machine.initialState(group, sem::initialMemory(ir, 0));
  const sem::Verdict v = machine.run(s, maxSteps);
  if (v.kind != sem::VerdictKind::Ok) {
    ref.rejected = sem::verdictName(v.kind);
    return ref;
  }
  ref.defined = true;
  ref.expected = sem::describeMemoryText(ir, s.base);
  return ref;
}

}  // namespace sdvmc::fuzz
