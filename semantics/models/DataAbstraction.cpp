// Deciding which sources `check` abstracts (see DataAbstraction.h).
#include "semantics/models/DataAbstraction.h"

#include <fmt/format.h>
#include <tuple>

namespace sdvmc::sem {

namespace {
bool hasArbitraryCells(const ArrayInfo& a) {
  if (!a.bounded) return true;
  for (const auto& v : a.init)
    if (!v) return true;
  return false;
}
}  // namespace

DataAbstraction planDataAbstraction(const Ir& ir, bool on, bool benignWrites) {
  DataAbstraction out;
  out.abstractArrays.assign(ir.arrays.size(), 0);
  out.abstractParams.assign(ir.params.size(), 0);
  DependenceOptions o;
  o.errorOperands = true;
  o.benignWrites = benignWrites;
  o.atomicResultFromArray = true;
  const Dependence d = analyseDependence(ir, o);
  auto decide = [&](const std::string& name, bool parameter, const Dependence::Source& s) {
    DataAbstraction::Entry e;
    e.name = name;
    e.parameter = parameter;
    if (!on) {
      e.why = "--data-abstraction off";
    } else if (s.matters) {
      e.at = ir.nodes[s.at].loc;
      e.why = fmt::format("its values reach {}", s.what);
    } else {
      e.abstract = true;
      e.why = "its values reach no condition, address, assertion or failing operand";
    }
    out.entries.push_back(std::move(e));
    return out.entries.back().abstract;
  };
  for (size_t a = 0; a < ir.arrays.size(); ++a)
    if (hasArbitraryCells(ir.arrays[a]))
      out.abstractArrays[a] = decide(ir.arrays[a].name, false, d.array(static_cast<ArrayId>(a)));
  for (size_t k = 0; k < ir.params.size(); ++k) out.abstractParams[k] = decide(ir.params[k], true, d.param(k));
  return out;
}

GroupPlan planGroups(const Ir& ir, bool benignWrites) {
  GroupPlan out;
  DependenceOptions o;
  o.errorOperands = true;
  o.benignWrites = benignWrites;
  o.atomicResultFromArray = true;
  o.groupId = true;
  const Dependence d = analyseDependence(ir, o);
  const Dependence::Source& g = d.group();
  out.offsets = d.groupOffset;
  if (g.matters) {
    out.at = ir.nodes[g.at].loc;
    out.why = fmt::format("the group id reaches {}", g.what);
  } else {
    out.representative = true;
    out.why = "the group id reaches no condition, assertion or failing operand, and addresses only as h(g) + r "
              "(one h per array, no bound checked)";
  }
  DependenceOptions a;
  a.accessesOnly = true;
  a.benignWrites = benignWrites;
  a.atomicResultFromArray = true;
  const Dependence acc = analyseDependence(ir, a);
  out.accessesFixed = true;
  for (size_t k = 0; k < ir.arrays.size(); ++k) {
    const Dependence::Source& s = acc.array(static_cast<ArrayId>(k));
    if (!s.matters) continue;
    const kpl::SourceLoc loc = ir.nodes[s.at].loc;
    if (out.accessesFixed || std::tie(loc.line, loc.col) < std::tie(out.accessesAt.line, out.accessesAt.col)) {
      out.accessesAt = loc;
      out.accessesWhy = fmt::format("{}'s values reach {}", ir.arrays[k].name, s.what);
    }
    out.accessesFixed = false;
  }
  return out;
}

std::string DataAbstraction::text() const {
  if (entries.empty()) return "no arbitrary value";
  std::string out;
  for (const Entry& e : entries) {
    if (!out.empty()) out += ", ";
    const char* kind = e.parameter ? "parameter " : "";
    if (e.abstract)
      out += fmt::format("{}{} abstract ({})", kind, e.name, e.why);
    else if (e.at.valid())
      out += fmt::format("{}{} enumerated (line {}:{}: {})", kind, e.name, e.at.line, e.at.col, e.why);
    else
      out += fmt::format("{}{} enumerated ({})", kind, e.name, e.why);
  }
  return out;
}

}  // namespace sdvmc::sem
