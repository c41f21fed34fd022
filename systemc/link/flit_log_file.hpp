#pragma once
// The file of a flit log (trace.flits), for both families: one line per flit,
//   cycle node port vc packet seq head tail
// written through a C stream to a file the output layer stages and puts in place when the log
// closes (a failed RTL assertion flushes it and puts it in place before the process stops).
// What `port` and `vc` mean is the family's: see flit_log.hpp and ring_flit_log.hpp.
#include <cstdint>
#include <cstdio>
#include <string>

#include "io/output_file.hpp"

namespace kncsim {

class FlitLogFile {
 public:
  explicit FlitLogFile(const std::string& path);
  ~FlitLogFile();
  FlitLogFile(const FlitLogFile&) = delete;
  FlitLogFile& operator=(const FlitLogFile&) = delete;

  void write(int64_t cycle, uint32_t node, int port, int vc, uint64_t packet, unsigned seq, bool head, bool tail) {
    std::fprintf(file_, "%lld %u %d %d %llu %u %d %d\n", (long long)cycle, node, port, vc, (unsigned long long)packet,
                 seq, int(head), int(tail));
  }

 private:
  StagedOutput staged_;
  std::FILE* file_;
};

}  // namespace kncsim
