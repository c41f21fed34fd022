#pragma once
#include <cstdint>

#include "link/link_params.hpp"

namespace kncsim {

// How a router chooses among heads competing for output channels (and, with virtual
// channels, among flits competing for the crossbar): Pertel's priority token, a rotating
// round robin, or the oldest packet first (Chittor's worst-node-tight policy).
enum class Arbitration { priority_token, round_robin, oldest_first };

// router.arbitration's word, for reports and refusals.
constexpr const char* to_string(Arbitration a) {
  return a == Arbitration::oldest_first ? "oldest_first" : a == Arbitration::round_robin ? "round_robin" : "priority_token";
}

struct RouterParams {
  bool adaptive = false;       // minimal adaptive (ANS) instead of dimension order
  CreditPolicy credits = CreditPolicy::none;
  int64_t fifo_flits = -1;     // input FIFO capacity (per virtual channel); -1 = unbounded
  int routing_delay = 0;       // cycles from a head reaching the FIFO front to its first request
  bool hop_count_headers = false;  // Symult format: route on per-dimension hop-count header flits
  int vcs = 1;                 // virtual channels per link (a torus's datelines need 2)
  Arbitration arbitration = Arbitration::priority_token;
};

}  // namespace kncsim
