// Execution models by name, as the command line spells them (vendor-behaviours.md):
// `sdv`, `mimd`, `simt:W`, `simt-uniform-exit`.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/models/Model.h"

#include <memory>
#include <string>
#include <vector>

namespace sdvmc::tool {

/// The model called `name`, or null with `error` set when there is no such model.
std::unique_ptr<sem::Model> makeModel(const std::string& name, const sem::Ir& ir, const sem::Bounds& bounds, bool por,
                                      bool symmetry, std::string& error);

/// Splits `sdv,simt:32,mimd` into names.
std::vector<std::string> splitModels(const std::string& list);

}  // namespace sdvmc::tool
