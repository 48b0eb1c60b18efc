// Text inside HTML: the one escaping routine of the HTML pages sdvmc writes (crosscheck's
// report, the trace view of run and check).
#pragma once

#include <string>

namespace sdvmc::support {

/// `s` with <, >, & and " as entities: safe as element text and as a quoted attribute.
std::string escapeHtml(const std::string& s);

}  // namespace sdvmc::support
