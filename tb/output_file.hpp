#pragma once
// Files a run writes at its end (--json, the VCD of --vcd / trace.vcd). They are checked
// before the first cycle, so a bad path fails at once rather than after hours of simulation,
// and results are written through a temporary file renamed into place, so an interrupted or
// failed write never leaves half a file where an earlier result was.
#include <stdexcept>
#include <string>

namespace kncsim {

// The path cannot be written; the message names it and the option it came from.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws OutputError unless `path` can be created or overwritten: its directory exists and
// takes a new file, and the path is not a directory or a read-only file. "-" (stdout) and
// "" (none) always pass.
void check_output_path(const std::string& path, const std::string& option);

// Writes `text` to `path` atomically (temporary file in the same directory, then rename).
void write_output_file(const std::string& path, const std::string& text, const std::string& option);

}  // namespace kncsim
