#include "violation_hint.hpp"

#include <fmt/format.h>

namespace kncsim {

std::string shell_word(const std::string& s) {
  const bool plain = !s.empty() && s.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                       "0123456789_-./=:,+@%") == std::string::npos;
  if (plain) return s;
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string trace_again_hint(const std::string& self, const std::string& config, const std::vector<std::string>& sets,
                             uint32_t node, int64_t cycle, bool rings) {
  std::string cmd = shell_word(self) + " run";
  if (!config.empty()) cmd += " " + shell_word(config);
  for (const auto& s : sets) cmd += " --set " + shell_word(s);
  cmd += fmt::format(" --set trace.vcd=violation.vcd --set {} --set run.convergence=fixed --set run.cycles={} --quiet",
                     shell_word(fmt::format("trace.nodes=[{}]", node)), cycle + 1);
  return fmt::format("kncsim: node {}'s link pins (violation.vcd) and every signal inside it (violation.{}_{}.vcd) up "
                     "to cycle {}:\n  {}", node, rings ? "node" : "router", node, cycle, cmd);
}

}  // namespace kncsim
