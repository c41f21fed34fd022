// The CI's three fixed mutants of the router RTL (rtl/ci_mutants.cmake: a relational swap, an
// inverted condition, a stuck-at enable) must each be caught: in the lockstep bench against
// the SystemC router, the mutant either sends different flits or stops on one of its
// assertions. Each runs in a child process, since a failed assertion ends the process.
// scripts/rtl_mutants.py scores a generated population the same way.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

#include "support/router_lockstep.hpp"

namespace kncsim {
namespace {

// 0: the mutant behaved as the SystemC router; 3: it sent different flits; 1: an assertion.
int run_in_child(const RtlVariant& mutant) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const test::Trace sc = test::run_lockstep(mutant, test::Dut::systemc, 1, 20000);
    const test::Trace rtl = test::run_lockstep(mutant, test::Dut::rtl_direct, 1, 20000);
    std::fflush(nullptr);
    _exit(sc == rtl ? 0 : 3);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

class RtlMutation : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlMutation, TheLockstepBenchCatchesTheMutant) {
  const RtlVariant& m = rtl_ci_mutants()[GetParam()];
  const int outcome = run_in_child(m);
  EXPECT_TRUE(outcome == 1 || outcome == 3) << m.name << " survived (child exit " << outcome << ")";
  std::printf("%s: caught by %s\n", m.name.c_str(), outcome == 1 ? "an assertion" : outcome == 3 ? "a divergence" : "nothing");
}

INSTANTIATE_TEST_SUITE_P(Mutants, RtlMutation, ::testing::Range(size_t(0), rtl_ci_mutants().size()),
                         [](const auto& info) { return rtl_ci_mutants()[info.param].name; });

TEST(RtlMutationSet, ThreeMutantsAreBuilt) { EXPECT_EQ(rtl_ci_mutants().size(), 3u); }

}  // namespace
}  // namespace kncsim
