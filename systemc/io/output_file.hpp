#pragma once
// The one way kncsim writes a file, for every output it has (--json, --csv, --vcd, flit
// logs, the sweep store, diverge's files). The rules follow what the path is (output_target.hpp):
// - a regular file, or a path with nothing there yet, is written to a temporary file in the
//   same directory, fsynced, renamed over the path and the directory fsynced: a reader sees
//   the old file or the new one, never part of one, and a crash after the rename keeps the
//   new one. A symbolic link is followed, so its target is replaced and the link stays. A
//   replaced file keeps its mode (and, for root, its owner).
// - anything else (a device such as /dev/null, a FIFO, a socket, /dev/stdout, /dev/fd/N) is
//   opened and written through; it is never unlinked, renamed over or chmod-ed.
// - "-" is standard output.
#include <sys/types.h>

#include <string>

#include "io/output_target.hpp"

namespace kncsim {

// Writes `text` to `path` by the rules above; `new_mode` (before the umask) is the mode of a
// file created there. Throws OutputError naming `option` and the path.
void write_output_file(const std::string& path, const std::string& text, const std::string& option,
                       mode_t new_mode = 0666);

// A file written while the run goes (a flit log, a VCD) by a writer that opens a path of its
// own (fopen, SystemC's and Verilator's trace files). The writer writes `writer_path()`; the
// file is put in place, by the same rules, when it is finished: at the end of the run, when
// the run stops on an error (a trace up to the stop is what a failure needs), or from
// finish_all() by a stop that skips destructors (an RTL assertion). Until then an existing
// file at the path is left as it was, and it stays if nothing was written. A device or FIFO
// is written live (through a link with `suffix` in a private directory, for a writer that
// adds it); a socket or descriptor gets the bytes from a temporary file at the finish.
class StagedOutput {
 public:
  // `suffix`: what the writer appends to the name it is given (SystemC's ".vcd"):
  // writer_path() ends with it.
  StagedOutput(const std::string& path, const std::string& option, const std::string& suffix = "");
  ~StagedOutput();  // finish(); a failure is reported on stderr, with where the bytes are kept
  StagedOutput(const StagedOutput&) = delete;
  StagedOutput& operator=(const StagedOutput&) = delete;

  const std::string& writer_path() const { return writer_path_; }
  // Once the writer has closed (or flushed) the file: put it in place. Idempotent; throws
  // OutputError, leaving the bytes in writer_path() and naming it.
  void finish();
  // Nothing was written worth keeping (the writer could not start): the staging file goes,
  // and the path keeps what it had.
  void abandon() noexcept;
  // Every StagedOutput not yet finished, for a stop that skips destructors (its writers'
  // C streams flushed first).
  static void finish_all() noexcept;

 private:
  enum class Mode { replace, live, linked, copy };
  std::string path_, option_, writer_path_;
  OutputTarget target_;
  Mode mode_ = Mode::live;
  bool finished_ = false;
  bool at_stop_ = false;  // finishing in finish_all(): a FIFO without a reader is not waited for
};

}  // namespace kncsim
