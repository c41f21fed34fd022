#pragma once
// `kncsim analytic --mesh-vs-hypercube`: Chittor's chapter 2 (analytic/mesh_vs_hypercube.hpp)
// for a list of system sizes and message lengths, as JSON and as Tables 2.1/2.2 and Fig. 2.3's
// numbers.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace kncsim {

// nodes: powers of two, 4 .. 2^24; messages: L' = message / header length, >= 1.
nlohmann::ordered_json mesh_vs_hypercube_report(const std::vector<long>& nodes, const std::vector<double>& messages);
std::string mesh_vs_hypercube_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
