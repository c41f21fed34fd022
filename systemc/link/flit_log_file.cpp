#include "link/flit_log_file.hpp"

#include <cerrno>
#include <cstring>

namespace kncsim {

FlitLogFile::FlitLogFile(const std::string& path)
    : staged_(path, "trace.flits"), file_(std::fopen(staged_.writer_path().c_str(), "w")) {
  if (!file_) {
    staged_.abandon();
    throw OutputError("trace.flits '" + path + "': cannot write '" + staged_.writer_path() + "': " + std::strerror(errno));
  }
  std::fputs("# kncsim flit log: cycle node port vc packet seq head tail\n", file_);
}

FlitLogFile::~FlitLogFile() { std::fclose(file_); }  // then staged_ puts it in place

}  // namespace kncsim
