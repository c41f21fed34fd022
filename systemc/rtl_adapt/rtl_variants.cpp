#include "rtl_adapt/rtl_variants.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "rtl_adapt/rtl_pins_direct.hpp"
#include "rtl_adapt/rtl_pins_signals.hpp"
#include "rtl_adapt/rtl_coverage.hpp"
#include "rtl_adapt/rtl_router.hpp"
#include "rtl_variant_headers.inc"

namespace kncsim {


const std::vector<RtlVariant>& rtl_variants() {
  static const std::vector<RtlVariant> variants = {
#define KNCSIM_RTL_VARIANT(cls, dims, depth, adaptive, cut, vcs, torus, arb)                                   \
  RtlVariant{dims, depth, adaptive != 0, cut != 0, vcs, torus != 0,                                            \
             (arb) == 2   ? Arbitration::oldest_first                                                       \
             : (arb) == 1 ? Arbitration::round_robin                                                        \
                          : Arbitration::priority_token,                                                    \
             #cls,                                                                                          \
             [](const char* name, uint32_t node, const MeshGeometry& g, PacketTable& packets, DeliveryLog& log,  \
                WakeCalendar& calendar, RtlDomain& domain, bool signals) -> std::unique_ptr<NetworkRouter> {   \
               constexpr int ports = 2 * (dims) + 1;                                                           \
               std::unique_ptr<NetworkRouter> r;                                                               \
               if (signals)                                                                                    \
                 r = std::make_unique<RtlRouter<RtlSignalPins<cls>, ports>>(name, node, g, depth, vcs, (arb) == 2, \
                                                                            packets, log, calendar, domain);                 \
               else                                                                                            \
                 r = std::make_unique<RtlRouter<RtlDirectPins<cls##_direct>, ports>>(name, node, g, depth,     \
                                                                                     vcs, (arb) == 2, packets, \
                                                                                     log, calendar, domain);                  \
               write_coverage_at_exit(); /* after a model made Verilator's context */                         \
               return r;                                                                                       \
             }},
#include "rtl_variants.inc"
#undef KNCSIM_RTL_VARIANT
  };
  return variants;
}


void randomize_rtl_initial_state(int seed) {
  Verilated::threadContextp()->randReset(2);
  Verilated::threadContextp()->randSeed(seed);
}

const RtlVariant* find_rtl_variant(int dims, int64_t depth, bool adaptive, bool cut_through, int vcs, bool torus,
                                   Arbitration arbitration) {
  for (const auto& v : rtl_variants())
    if (v.dims == dims && v.depth == depth && v.adaptive == adaptive && v.cut_through == cut_through &&
        v.vcs == vcs && v.torus == torus && v.arbitration == arbitration)
      return &v;
  return nullptr;
}

std::string rtl_variant_list() {
  std::vector<std::string> parts;
  for (const auto& v : rtl_variants())
    parts.push_back(fmt::format("dims {} fifo_flits {} {} {} {} vcs {} {}", v.dims, v.depth,
                                v.adaptive ? "adaptive" : "dor", v.cut_through ? "cut_through" : "wormhole",
                                v.torus ? "torus" : "mesh", v.vcs,
                                v.arbitration == Arbitration::round_robin    ? "round_robin"
                                : v.arbitration == Arbitration::oldest_first ? "oldest_first"
                                                                             : "priority_token"));
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace kncsim
