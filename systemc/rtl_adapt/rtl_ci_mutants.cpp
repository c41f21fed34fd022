// The CI's fixed mutants of the router (rtl/ci_mutants.cmake), as RtlVariants of the direct
// binding, for the mutation test.
#include "rtl_adapt/rtl_variants.hpp"

#include "rtl_adapt/rtl_pins_direct.hpp"
#include "rtl_adapt/rtl_router.hpp"
#include "rtl_ci_mutant_headers.inc"

namespace kncsim {

const std::vector<RtlVariant>& rtl_ci_mutants() {
  static const std::vector<RtlVariant> mutants = {
#define KNCSIM_RTL_MUTANT(cls, name, dims, depth, adaptive, cut, vcs, torus, arb)                              \
  RtlVariant{dims, depth, adaptive != 0, cut != 0, vcs, torus != 0,                                            \
             (arb) == 2   ? Arbitration::oldest_first                                                       \
             : (arb) == 1 ? Arbitration::round_robin                                                        \
                          : Arbitration::priority_token,                                                    \
             #name,                                                                                         \
             [](const char* n, uint32_t node, const MeshGeometry& g, PacketTable& packets, DeliveryLog& log,    \
                WakeCalendar& calendar, RtlDomain& domain, bool) -> std::unique_ptr<NetworkRouter> {           \
               return std::make_unique<RtlRouter<RtlDirectPins<cls>, 2 * (dims) + 1>>(                         \
                   n, node, g, depth, vcs, (arb) == 2, packets, log, calendar, domain);                          \
             }},
#include "rtl_ci_mutants.inc"
#undef KNCSIM_RTL_MUTANT
  };
  return mutants;
}

}  // namespace kncsim
