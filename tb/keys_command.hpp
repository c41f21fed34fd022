#pragma once
// `kncsim keys`: every configuration key of the schema, as a terminal list or as the Markdown
// configuration reference (docs/configuration.md is this output, kept in step by a test).
#include <ostream>

namespace kncsim {

void print_keys(std::ostream& out);
void print_keys_markdown(std::ostream& out);

}  // namespace kncsim
