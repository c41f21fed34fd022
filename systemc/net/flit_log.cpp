#include "net/flit_log.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace kncsim {

FlitLog::FlitLog(const std::string& path, const PacketTable& packets, const std::vector<LinkEnd>& links)
    : staged_(path, "trace.flits"), file_(std::fopen(staged_.writer_path().c_str(), "w")), packets_(packets), links_(links) {
  if (!file_) {
    staged_.abandon();
    throw OutputError("trace.flits '" + path + "': cannot write '" + staged_.writer_path() + "': " + std::strerror(errno));
  }
  std::fputs("# kncsim flit log: cycle node port vc packet seq head tail\n", file_);
}

FlitLog::~FlitLog() { std::fclose(file_); }  // then staged_ puts it in place

void FlitLog::sent(uint32_t link, const Flit& f, int64_t cycle) {
  write(cycle, links_[link].node, links_[link].port, f);
}

Ejector* FlitLog::ejector(uint32_t node, Ejector& next) { return &ejectors_.emplace_back(*this, node, next); }

void FlitLog::write(int64_t cycle, uint32_t node, int port, const Flit& f) {
  std::fprintf(file_, "%lld %u %d %d %llu %u %d %d\n", (long long)cycle, node, port, int(f.vc),
               (unsigned long long)packets_[f.packet].id, unsigned(f.seq), int(f.head), int(f.tail));
}

}  // namespace kncsim
