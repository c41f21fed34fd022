#pragma once
// What kncsim run says after a protocol monitor stops it: the same run again, stopping just
// past the violation, with the node's link pins and every signal inside it in VCD files (the
// node on the signal binding, as trace.nodes puts it), ready to paste.
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

// One shell word: as it is when it has nothing the shell reads, else in single quotes.
std::string shell_word(const std::string& s);

// `self`: how kncsim was invoked; `config` (empty: none) and `sets`: the run's own.
// `rings`: an SCI ring node (its insides' file is .node_N.vcd, a router's .router_N.vcd).
std::string trace_again_hint(const std::string& self, const std::string& config, const std::vector<std::string>& sets,
                             uint32_t node, int64_t cycle, bool rings = false);

}  // namespace kncsim
