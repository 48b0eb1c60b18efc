// Execution models by name (see ModelFactory.h).
#include "tools/sdvmc/ModelFactory.h"

#include "semantics/models/SdvModel.h"
#include "semantics/models/WarpModel.h"
#include "support/Numbers.h"

namespace sdvmc::tool {

std::unique_ptr<sem::Model> makeModel(const std::string& name, const sem::Ir& ir, const sem::Bounds& bounds, bool por,
                                      bool symmetry, std::string& error) {
  if (name == "sdv") return std::make_unique<sem::SdvModel>(ir, bounds, symmetry);
  if (name == "mimd") return std::make_unique<sem::MimdModel>(ir, bounds, por, symmetry);
  if (name == "simt-uniform-exit")
    return std::make_unique<sem::WarpModel>(ir, bounds, sem::WarpOptions{0, true}, por, symmetry);
  int64_t w = 0;
  if (name.rfind("simt:", 0) == 0 && support::parseInteger(name.substr(5), 1, 1 << 20, w))
    return std::make_unique<sem::WarpModel>(ir, bounds, sem::WarpOptions{static_cast<uint32_t>(w), false}, por,
                                            symmetry);
  error = "unknown model '" + name + "' (models: sdv, mimd, simt:W, simt-uniform-exit)";
  return nullptr;
}

std::vector<std::string> splitModels(const std::string& list) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    out.push_back(list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

}  // namespace sdvmc::tool
