#include "net/flit_log.hpp"

namespace kncsim {

FlitLog::FlitLog(const std::string& path, const PacketTable& packets, const std::vector<LinkEnd>& links)
    : file_(path), packets_(packets), links_(links) {}

void FlitLog::sent(uint32_t link, const Flit& f, int64_t cycle) {
  write(cycle, links_[link].node, links_[link].port, f);
}

Ejector* FlitLog::ejector(uint32_t node, Ejector& next) { return &ejectors_.emplace_back(*this, node, next); }

void FlitLog::write(int64_t cycle, uint32_t node, int port, const Flit& f) {
  file_.write(cycle, node, port, int(f.vc), packets_[f.packet].id, f.seq, f.head, f.tail);
}

}  // namespace kncsim
