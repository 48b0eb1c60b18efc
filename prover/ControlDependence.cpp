// Which arrays influence control flow or addresses, for `prove`'s choice of abstraction
// (see ControlDependence.h): the shared dependence analysis (semantics/rules/Dependence.h)
// with prove's sinks.
#include "prover/ControlDependence.h"

#include "semantics/rules/Dependence.h"

#include <fmt/format.h>

namespace sdvmc::prove {

ControlDependence analyseControlDependence(const sem::Ir& ir) {
  // prove's encoding: an atomic returns a fresh value; failing operands are encoded
  // exactly whatever the abstraction, so only control, addresses and assertions count.
  const sem::Dependence d = sem::analyseDependence(ir, sem::DependenceOptions{});
  ControlDependence out;
  out.influencesControl.assign(ir.arrays.size(), false);
  out.why.assign(ir.arrays.size(), "");
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    const sem::Dependence::Source& s = d.array(static_cast<sem::ArrayId>(a));
    if (!s.matters) continue;
    out.influencesControl[a] = true;
    const kpl::SourceLoc loc = ir.nodes[s.at].loc;
    out.why[a] = fmt::format("its values reach {} at {}:{}", s.what, loc.line, loc.col);
  }
  out.cfgVertices = d.cfgVertices;
  out.cfgEdges = d.cfgEdges;
  return out;
}

}  // namespace sdvmc::prove
