#include "router/link_pins.hpp"

namespace kncsim {

LinkPins::LinkPins(sc_core::sc_trace_file* tf, const std::string& router, const std::vector<std::string>& names)
    : out(names.size()), in(names.size()) {
  for (size_t p = 0; p < names.size(); ++p) {
    const std::string o = router + ".out_" + names[p] + ".", i = router + ".in_" + names[p] + ".";
    sc_core::sc_trace(tf, out[p].valid, o + "valid");
    sc_core::sc_trace(tf, out[p].packet, o + "packet", 32);
    sc_core::sc_trace(tf, out[p].seq, o + "seq", 16);
    sc_core::sc_trace(tf, out[p].head, o + "head");
    sc_core::sc_trace(tf, out[p].tail, o + "tail");
    sc_core::sc_trace(tf, out[p].credits, o + "credits", 16);
    sc_core::sc_trace(tf, in[p].credit, i + "credit");
    sc_core::sc_trace(tf, in[p].occupancy, i + "occupancy", 16);
  }
}

}  // namespace kncsim
