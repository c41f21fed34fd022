#pragma once
// Cuts a VCD file down to a time window, for kncsim diverge: the header as it was, then at the
// window's start every signal's value at that time ($dumpvars), then the changes inside the
// window. GTKWave opens the result as any VCD.
#include <cstdint>
#include <string>

namespace kncsim {

// Rewrites `path` in place to the cycles [from, to] (1 cycle = 1 ns, converted to the file's
// $timescale); a file that does not exist or has no definitions is left alone. Returns
// whether it was cut. The cut file replaces the whole one by the output layer's rules
// (io/output_file.hpp); a failed write throws OutputError.
bool cut_vcd_window(const std::string& path, uint64_t from, uint64_t to);

}  // namespace kncsim
