// The CI's fixed mutants of the router (rtl/ci_mutants.cmake writes each one's sources into
// the build tree), as variants whose models the cache builds from those sources.
#include "rtl_adapt/rtl_variants.hpp"

namespace kncsim {

const std::vector<RtlVariant>& rtl_ci_mutants() {
  static const std::vector<RtlVariant> mutants = [] {
    std::vector<RtlVariant> out;
#define KNCSIM_RTL_MUTANT(id, dir, dims, depth, adaptive, cut, vcs, torus, arb)                                  \
  out.push_back(rtl_router_variant(dims, depth, adaptive != 0, cut != 0, vcs, torus != 0,                           \
                                   (arb) == 2   ? Arbitration::oldest_first                                         \
                                   : (arb) == 1 ? Arbitration::round_robin                                          \
                                                : Arbitration::priority_token,                                      \
                                   dir));                                                                           \
  out.back().name = #id;
#include "rtl_ci_mutants.inc"
#undef KNCSIM_RTL_MUTANT
    return out;
  }();
  return mutants;
}

}  // namespace kncsim
