// kncsim verify (tb/verify_command.hpp): a constrained-random regression that judges a router
// design by what every router must do. kncsim's own router and three legal designs that differ
// from it pass; every broken design of support/router_designs.hpp, assertions compiled out,
// fails, with a JUnit failure and a command line that reproduces it; a failing case is shrunk;
// a coverage goal not met fails naming the points missed; bad input is refused naming it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/kncsim_process.hpp"
#include "support/router_designs.hpp"
#include "support/temp_dir.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::occurrences;
using kncsim::test::Outcome;

// The design under verification: a 4x4 mesh of wormhole routers with 4-flit FIFOs (the cases
// draw the rest).
const std::string kDesign =
    " --set network.radix=4 --set router.impl=rtl --set router.fifo_flits=4 --set router.flow_control=wormhole";
const std::string kTorusDesign = kDesign + " --set network.topology=torus --set router.vcs=2";

class Scratch : public kncsim::test::TempDir {
 public:
  Scratch() : TempDir("kncsim_verify") {}
  std::string env() const { return "TMPDIR=" + path(); }
  std::string verify(const std::string& args) const { return "verify --out " + path() + "/out" + args; }
};

// The counts of the summary line, "N cases, P passed, F failed".
std::array<int, 3> summary(const std::string& out) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex("kncsim verify: (\\d+) cases, (\\d+) passed, (\\d+) failed")))
    return {-1, -1, -1};
  return {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])};
}

TEST(Verify, KncsimsOwnRouterPassesWithJUnitAndCoverage) {
  Scratch s;
  const std::string junit = s / "verify.xml";
  const Outcome o = kncsim(s.verify(kDesign + " --seeds 8 -j 2 --junit " + junit), s.env());
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(summary(o.out), (std::array<int, 3>{8, 8, 0})) << o.out;
  EXPECT_NE(o.out.find("coverage "), std::string::npos) << o.out;
  const std::string xml = kncsim::test::read_file(junit);
  EXPECT_NE(xml.find("<testsuite name=\"kncsim.verify\" tests=\"8\" failures=\"0\""), std::string::npos) << xml;
  EXPECT_EQ(occurrences(xml, "<testcase "), 8u) << xml;
  EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
}

TEST(Verify, ACoverageGoalNotMetFailsNamingThePointsMissed) {
  Scratch s;
  const Outcome o = kncsim(s.verify(kDesign + " --seeds 1 --coverage-goal 100 --list-unreachable"), s.env());
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_EQ(summary(o.out), (std::array<int, 3>{1, 1, 0})) << o.out;
  EXPECT_NE(o.out.find("is below the goal of 100 % (--coverage-goal)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("not covered: "), std::string::npos) << o.out;
  // Each unreachable point says why.
  EXPECT_NE(o.out.find("unreachable: turn/inside/-x>-x: a U-turn"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("unreachable: turn/inside/-y>+x: dimension order"), std::string::npos) << o.out;
}

TEST(Verify, BadInputIsRefusedNamingIt) {
  Scratch s;
  const Outcome rings = kncsim(s.verify(" --set network.topology=rings --set router.model=sci"), s.env());
  EXPECT_EQ(rings.status, 2) << rings.err;
  EXPECT_NE(rings.err.find("judges an RTL ring node"), std::string::npos) << rings.err;
  const Outcome adaptive = kncsim(s.verify(kDesign + " --set router.routing=adaptive"), s.env());
  EXPECT_EQ(adaptive.status, 2) << adaptive.err;
  EXPECT_NE(adaptive.err.find("needs a routing that cannot deadlock"), std::string::npos) << adaptive.err;
  const Outcome none = kncsim(s.verify(" --set network.radix=4"), s.env());
  EXPECT_EQ(none.status, 2) << none.err;
  EXPECT_NE(none.err.find("router.impl: rtl"), std::string::npos) << none.err;
  const Outcome goal = kncsim(s.verify(kDesign + " --coverage-goal 150"), s.env());
  EXPECT_EQ(goal.status, 2) << goal.err;
  EXPECT_NE(goal.err.find("--coverage-goal"), std::string::npos) << goal.err;
  const Outcome key = kncsim(s.verify(kDesign + " --set router.fifo_flits=many"), s.env());
  EXPECT_EQ(key.status, 2) << key.err;
  EXPECT_NE(key.err.find("router.fifo_flits"), std::string::npos) << key.err;
}

class LegalUnderVerify : public ::testing::TestWithParam<kncsim::test::LegalDesign> {};

// A legal design that differs from kncsim's passes every case (kncsim diverge reports that it
// differs: router_monitor_test.cpp). One that routes in another order than kncsim's routers
// cannot sit among them (the two orders together close cycles of channels): it runs on every
// node of each case (--mixed off).
TEST_P(LegalUnderVerify, PassesTwentyCases) {
  Scratch s;
  const std::string dir = kncsim::test::design_copy(GetParam().name, GetParam().changes);
  const std::string mixed = std::string(GetParam().name) == "last_dimension_first" ? " --mixed off" : "";
  const Outcome o =
      kncsim(s.verify(kDesign + " --set router.rtl_sources=" + dir + " --seeds 20 -j 2 -q" + mixed), s.env());
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(summary(o.out), (std::array<int, 3>{20, 20, 0})) << o.out;
}

INSTANTIATE_TEST_SUITE_P(Designs, LegalUnderVerify, ::testing::ValuesIn(kncsim::test::legal_designs()),
                         [](const auto& info) { return std::string(info.param.name); });

struct Judged {
  std::string name;
  std::vector<kncsim::test::SourceChange> changes;
  // What its failures may say: the monitors' rules (where it breaks first depends on the case:
  // a duplicated head at a local input returns no credit upstream), or the watchdog's words.
  std::string verdicts;  // a regex
  bool torus;
};

std::vector<Judged> judged_designs() {
  std::vector<Judged> all;
  for (const auto& b : kncsim::test::broken_designs()) {
    std::string v = b.rule;
    if (std::string(b.name) == "flit_duplicated") v += "|HeadInsidePacket_M|NotHeld_M";
    // Dropped flits keep their credits downstream: an output may stall before its short tail.
    if (std::string(b.name) == "flit_dropped") v += "|no flit moved";
    all.push_back({b.name, b.changes, v, b.config == &kncsim::test::kDesignTorusVcs});
  }
  all.push_back({"credits_withheld", kncsim::test::kCreditsWithheld, "no flit moved", false});
  return all;
}

void PrintTo(const Judged& d, std::ostream* os) { *os << d.name; }

class BrokenUnderVerify : public ::testing::TestWithParam<Judged> {};

// A broken design fails: some case fails with its rule in the JUnit failure, and the command
// printed for it, run as it is, fails the same way.
TEST_P(BrokenUnderVerify, FailsAndPrintsTheCommandThatReproducesIt) {
  const Judged& b = GetParam();
  Scratch s;
  const std::string dir = kncsim::test::design_copy(b.name, b.changes);
  const std::string junit = s / "verify.xml";
  const Outcome o = kncsim(s.verify((b.torus ? kTorusDesign : kDesign) + " --set router.rtl_sources=" + dir +
                                    " --seeds 4 -j 2 --no-shrink --junit " + junit),
                           s.env());
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  const auto counts = summary(o.out);
  EXPECT_GE(counts[2], 1) << o.out;
  const std::string xml = kncsim::test::read_file(junit);
  EXPECT_NE(xml.find("<failure message=\""), std::string::npos) << xml;
  // The first failure: its verdict, and its command, which pasted fails the same way.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(o.out, m, std::regex("FAILED: [^\n]*\n  [^\n]*(" + b.verdicts + ")[^\n]*\nreproduce: [^ ]+ (run [^\n]*)")))
      << o.out;
  const std::string verdict = m[1], command = m[2];
  const Outcome again = kncsim(command, s.env());
  EXPECT_EQ(again.status, 1) << again.err;
  EXPECT_NE(again.err.find(verdict), std::string::npos) << verdict << "\n" << again.err;
  EXPECT_EQ(again.err.find("E549"), std::string::npos) << again.err;
}

INSTANTIATE_TEST_SUITE_P(Designs, BrokenUnderVerify, ::testing::ValuesIn(judged_designs()),
                         [](const auto& info) { return info.param.name; });

// A failing case is shrunk: fewer cycles or a lower load that still fails, printed as a
// command that fails.
TEST(Verify, AFailingCaseIsShrunkToASmallerOneThatStillFails) {
  Scratch s;
  const std::string dir = kncsim::test::design_copy(
      "tail_dropped", {{"kncsim_router.sv", "out_flit_o[o] = front[p];",
                        "out_flit_o[o] = front[p] & ~(FlitW'(1) << (FlitW - 2));"}});
  const Outcome o = kncsim(s.verify(kDesign + " --set router.rtl_sources=" + dir + " --seeds 1"), s.env());
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(o.out, m, std::regex("shrunk to (\\d+) cycles"))) << o.out;
  ASSERT_TRUE(std::regex_search(o.out, m, std::regex("smallest failing: [^ ]+ (run [^\n]*)"))) << o.out;
  const Outcome again = kncsim(m[1].str(), s.env());
  EXPECT_EQ(again.status, 1) << again.err;
  EXPECT_NE(again.err.find("Framing_M"), std::string::npos) << again.err;
}

// The SCI ring node: kncsim's own passes, with every reachable ring point but the stomped
// echo (whole-packet acceptance) covered.
TEST(Verify, KncsimsOwnRingNodePasses) {
  Scratch s;
  const std::string junit = s / "verify.xml";
  const Outcome o = kncsim(s.verify(kncsim::test::kRingDesign + " --seeds 8 -j 2 --junit " + junit), s.env());
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_EQ(summary(o.out), (std::array<int, 3>{8, 8, 0})) << o.out;
  EXPECT_NE(o.out.find("SCI ring node"), std::string::npos) << o.out;
  EXPECT_NE(kncsim::test::read_file(junit).find("tests=\"8\" failures=\"0\""), std::string::npos);
}

class BrokenRingNode : public ::testing::TestWithParam<kncsim::test::BrokenRingDesign> {};

// A broken ring node, its assertions compiled out: a run with the drain fails with the monitor's
// rule, or the drain's report of what the nodes owe (the oldest first, at the node that owes
// it); verify fails it too.
TEST_P(BrokenRingNode, FailsARunAndVerify) {
  const auto& b = GetParam();
  Scratch s;
  const std::string dir = kncsim::test::sci_design_copy(b.name, b.changes);
  const Outcome run = kncsim("run" + kncsim::test::kRingRun + " --set router.rtl_sources=" + dir + " --quiet", s.env());
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.err.find(b.verdict), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("E549"), std::string::npos) << run.err;
  if (std::string(b.name) == "lost_packet") {
    // At the node and ring where it first differs from kncsim's ring node (kncsim diverge,
    // monitors off): the packet behind the lost one leaves a few cycles later.
    const Outcome d = kncsim("diverge --out " + s.path() + "/diverge" + kncsim::test::kRingRun +
                                 " --set router.rtl_sources=" + dir + " --set verify.monitors=off",
                             s.env());
    std::smatch m, g;
    ASSERT_TRUE(std::regex_search(d.out, m, std::regex("first divergence: cycle (\\d+), node (\\d+) \\([^)]*\\), ring (\\d+)")))
        << d.out;
    ASSERT_TRUE(std::regex_search(run.err, g, std::regex("cycle (\\d+), node (\\d+) \\([^)]*\\), ring (\\d+): PassOrder_M")))
        << run.err;
    EXPECT_EQ(g[2], m[2]);
    EXPECT_EQ(g[3], m[3]);
    EXPECT_GE(std::stoll(g[1]), std::stoll(m[1]));
    EXPECT_LE(std::stoll(g[1]), std::stoll(m[1]) + 40);
  }
  const Outcome v = kncsim(s.verify(kncsim::test::kRingDesign + " --set router.rtl_sources=" + dir + " --seeds 4 -j 2 --no-shrink"),
                           s.env());
  EXPECT_EQ(v.status, 1) << v.out << v.err;
  EXPECT_GE(summary(v.out)[2], 1) << v.out;
}

INSTANTIATE_TEST_SUITE_P(Designs, BrokenRingNode, ::testing::ValuesIn(kncsim::test::broken_ring_designs()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
