#pragma once
#include <cstdint>

#include "link/link_params.hpp"

namespace kncsim {

struct RouterParams {
  bool adaptive = false;       // minimal adaptive (ANS) instead of dimension order
  CreditPolicy credits = CreditPolicy::none;
  int64_t fifo_flits = -1;     // input FIFO capacity; -1 = unbounded
  int routing_delay = 0;       // cycles from a head reaching the FIFO front to its first request
  bool hop_count_headers = false;  // Symult format: route on per-dimension hop-count header flits
};

}  // namespace kncsim
