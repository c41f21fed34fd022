// The protocol monitors on an RTL router's pins (verify/router_pin_monitor.hpp) judge an
// architect's design by what every wormhole router must do, not by whether it equals kncsim's.
// Broken designs (support/router_designs.hpp), each a copy of rtl/wormhole/ with one change and
// every assertion compiled out, sit at node 5 of a 4x4 network of SystemC routers (or at every
// node): the monitor must stop the run at the cause, the node, port and cycle where the design
// first breaks the rule. Where that is comes from the run of kncsim's own router (the first
// divergence of the broken design's flits from it, kncsim diverge with the monitors off, or the
// first flit of the right kind that node 5 sends in that run), or, for a dropped flit, from the
// broken design's own flits (the first tail before its packet's last flit). Legal designs that
// differ from kncsim's run clean, and kncsim diverge still reports that they differ.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "diverge/first_divergence.hpp"
#include "support/kncsim_process.hpp"
#include "support/router_designs.hpp"
#include "support/temp_dir.hpp"

namespace {

using kncsim::test::BrokenDesign;
using kncsim::test::kncsim;
using kncsim::test::Oracle;
using kncsim::test::Outcome;
using kncsim::test::design_copy;
using kncsim::test::occurrences;

// Node 5 of a 4x4 mesh is (1, 1); its neighbours and the port each sends it flits on.
constexpr uint32_t kNode = 5;
const std::vector<std::pair<uint32_t, int>> kSendersToNode = {{4, 2}, {6, 1}, {1, 4}, {9, 3}};
const std::string& kMesh = kncsim::test::kDesignMesh;

// A directory for one test's outputs; the processes it starts keep their temporary files there.
class Scratch : public kncsim::test::TempDir {
 public:
  Scratch() : TempDir("kncsim_monitor") {}
  std::string env() const { return "TMPDIR=" + path(); }
};

struct Where {
  int64_t cycle;
  uint32_t node;
  int port;
};

// "cycle N, node X (coordinates), port P" of the monitor's report of `rule`.
std::optional<Where> reported(const std::string& err, const std::string& rule) {
  std::smatch m;
  if (!std::regex_search(err, m, std::regex("RTL protocol broken: [^:]*: cycle (\\d+), node (\\d+) \\([^)]*\\), port (\\d+)[^:]*: " +
                                            rule + ":")))
    return std::nullopt;
  return Where{std::stoll(m[1]), uint32_t(std::stoul(m[2])), std::stoi(m[3])};
}

std::optional<Where> from_log(const std::string& path, Oracle oracle) {
  const auto flits = kncsim::read_flit_log(path);
  std::set<uint64_t> toward;  // packets a neighbour sent to node 5
  for (const auto& f : flits)
    for (const auto& [n, p] : kSendersToNode)
      if (f.node == n && f.port == p) toward.insert(f.packet);
  for (const auto& f : flits) {
    if (f.node != kNode) continue;
    if (oracle == Oracle::first_flit || (oracle == Oracle::first_tail && f.tail) ||
        (oracle == Oracle::first_forward && toward.count(f.packet)) || (oracle == Oracle::short_tail && f.tail && f.seq != 7))
      return Where{f.cycle, kNode, f.port};
  }
  return std::nullopt;
}

class BrokenRouter : public ::testing::TestWithParam<BrokenDesign> {};

TEST_P(BrokenRouter, AMonitorStopsTheRunAtTheCause) {
  const BrokenDesign& b = GetParam();
  Scratch scratch;
  const std::string dir = design_copy(b.name, b.changes);
  const std::string config = *b.config + " --set router.rtl_sources=" + dir;
  const Outcome run = kncsim("run" + config + " --quiet", scratch.env());
  EXPECT_EQ(run.status, 1) << run.err;
  const auto got = reported(run.err, b.rule);
  ASSERT_TRUE(got) << "no " << b.rule << ":\n" << run.err;
  // In kncsim's words, once: never SystemC's report or picoseconds.
  EXPECT_EQ(run.err.find("E549"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(" ps"), std::string::npos) << run.err;
  EXPECT_EQ(occurrences(run.err, "RTL protocol broken"), 1u) << run.err;

  // Where it first broke, from kncsim's own router.
  std::optional<Where> want;
  if (b.oracle == Oracle::divergence || b.oracle == Oracle::before_divergence) {
    const Outcome d = kncsim("diverge --out " + scratch.path() + "/diverge" + config + " --set verify.monitors=off",
                             scratch.env());
    std::smatch m;
    ASSERT_TRUE(std::regex_search(d.out, m, std::regex("first divergence: cycle (\\d+), node (\\d+) \\([^)]*\\), output port (\\d+)")))
        << d.out << d.err;
    want = Where{std::stoll(m[1]), uint32_t(std::stoul(m[2])), std::stoi(m[3])};
    // A flit sent again: its first copy left a cycle before, with a credit and no pop.
    if (b.oracle == Oracle::before_divergence) --want->cycle;
  } else if (b.oracle == Oracle::short_tail) {  // from what the design itself sent
    const std::string log = scratch.path() + "/broken.flits";
    (void)kncsim("run" + config + " --quiet --set verify.monitors=off --set trace.flits=" + log, scratch.env());
    want = from_log(log, b.oracle);
    ASSERT_TRUE(want) << "node 5 sent no packet short";
  } else {
    const std::string log = scratch.path() + "/own.flits";
    const Outcome own = kncsim("run" + *b.config + " --quiet --set trace.flits=" + log, scratch.env());
    ASSERT_EQ(own.status, 0) << own.err;
    want = from_log(log, b.oracle);
    ASSERT_TRUE(want) << "node 5 sent no such flit";
  }
  EXPECT_EQ(got->cycle, want->cycle) << run.err;
  EXPECT_EQ(got->node, want->node) << run.err;
  if (b.same_port) {  // (a credit's rule names the input the credit is for)
    EXPECT_EQ(got->port, want->port) << run.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Designs, BrokenRouter, ::testing::ValuesIn(kncsim::test::broken_designs()),
                         [](const auto& info) { return std::string(info.param.name); });

// The report ends with the run again, stopping just past the violation with the node traced:
// pasted as it is, it stops at the same rule in the same cycle (the node now on the signal
// binding) and leaves the node's link pins and its insides in two VCD files.
TEST(BrokenRouterReport, EndsWithTheRunAgainTracingTheNode) {
  Scratch scratch;
  const std::string dir = design_copy("tail_dropped", {{"kncsim_router.sv", "out_flit_o[o] = front[p];",
                                                         "out_flit_o[o] = front[p] & ~(FlitW'(1) << (FlitW - 2));"}});
  const Outcome run = kncsim("run" + kMesh + " --set router.rtl_sources=" + dir + " --quiet", scratch.env());
  ASSERT_EQ(run.status, 1) << run.err;
  const auto first = reported(run.err, "Framing_M");
  ASSERT_TRUE(first) << run.err;
  const std::string prefix = std::string("  ") + KNCSIM_BIN + " run ";
  const size_t at = run.err.find(prefix);
  ASSERT_NE(at, std::string::npos) << run.err;
  const std::string args = run.err.substr(at + prefix.size(), run.err.find('\n', at) - at - prefix.size());
  EXPECT_NE(args.find(fmt::format("--set run.cycles={}", first->cycle + 1)), std::string::npos) << args;
  const Outcome again = kncsim("run " + args, "cd " + scratch.path() + " && " + scratch.env());
  EXPECT_EQ(again.status, 1) << again.err;
  const auto second = reported(again.err, "Framing_M");
  ASSERT_TRUE(second) << again.err;
  EXPECT_EQ(second->cycle, first->cycle);
  EXPECT_EQ(second->port, first->port);
  for (const std::string vcd : {"violation.vcd", "violation.router_5.vcd"})
    EXPECT_NE(kncsim::test::read_file(scratch / vcd).find("$enddefinitions"), std::string::npos) << vcd;
}

// A router that stops returning credits breaks no rule a monitor can see at once (a design may
// return them late), but its neighbours stall and the network deadlocks: the watchdog's report
// names that router and the inputs whose popped flits it never credited, and no other.
TEST(BrokenRouterReport, ARouterWithholdingCreditsIsNamedByTheDeadlockReport) {
  Scratch scratch;
  const std::string dir = design_copy("credits_withheld", kncsim::test::kCreditsWithheld);
  const Outcome run =
      kncsim("run" + kMesh + " --set router.rtl_sources=" + dir + " --set run.deadlock_cycles=1000 --quiet", scratch.env());
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.err.find("deadlock: no flit moved"), std::string::npos) << run.err;
  const size_t at = run.err.find("held back, as the RTL routers' monitors see it:");
  ASSERT_NE(at, std::string::npos) << run.err;
  const std::string held = run.err.substr(at);
  EXPECT_NE(held.find("node 5 (1, 1): "), std::string::npos) << held;
  EXPECT_NE(held.find("not credited back"), std::string::npos) << held;
  EXPECT_EQ(occurrences(held, "\n  node "), 1u) << held;  // node 5, the one RTL router, only
  EXPECT_EQ(run.err.find("E549"), std::string::npos) << run.err;
}

// verify.on_violation count: a design whose broken rule harms nothing downstream (the length
// field of every flit it sends has a bit flipped; wormhole routers do not read it) runs to the
// end; every hop's violation is counted in the result, which is written, and the exit is 1.
TEST(OnViolationCount, CountsEveryBrokenRuleAndKeepsTheResults) {
  Scratch scratch;
  const std::string dir = design_copy("length_flipped", {{"kncsim_router.sv", "out_flit_o[o] = front[p];",
                                                          "out_flit_o[o] = front[p] ^ (FlitW'(1) << (FlitW - 12));"}});
  const std::string json = scratch / "result.json";
  const Outcome run = kncsim("run" + kncsim::test::kDesignMeshAllRtl + " --set router.rtl_sources=" + dir +
                                 " --set verify.on_violation=count --set verify.drain_cycles=5000 --quiet --json " + json,
                             scratch.env());
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.err.find("protocol violation(s) counted (verify.on_violation count)"), std::string::npos) << run.err;
  const auto result = nlohmann::json::parse(kncsim::test::read_file(json));
  const auto& v = result.at("verify").at("violations");
  EXPECT_GT(v.at("by_rule").at("HeaderCorrupt_M").get<int64_t>(), 100) << v.dump();
  EXPECT_EQ(v.at("total").get<int64_t>(), v.at("by_rule").at("HeaderCorrupt_M").get<int64_t>()) << v.dump();
  EXPECT_EQ(v.at("first").size(), 10u);
  // The run went on to the end, and every packet was delivered.
  EXPECT_EQ(result.at("verify").at("packets_sent"), result.at("verify").at("packets_delivered"));
  EXPECT_TRUE(result.at("verify").at("drained").get<bool>());
}

// A broken design whose flits then stop the run elsewhere: what was counted before is in the report.
TEST(OnViolationCount, ARunStoppedLaterStillReportsWhatWasCounted) {
  Scratch scratch;
  const auto& dup = kncsim::test::broken_designs()[8];
  ASSERT_EQ(std::string(dup.name), "flit_duplicated");
  const std::string dir = design_copy(dup.name, dup.changes);
  const Outcome run = kncsim("run" + kMesh + " --set router.rtl_sources=" + dir + " --set verify.on_violation=count --quiet",
                             scratch.env());
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_NE(run.err.find("before it, the monitors counted"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("CreditForNoFlit_M"), std::string::npos) << run.err;
}

// A bad value of the monitors' key is refused before anything runs, naming the key and its values.
TEST(MonitorKey, ABadValueIsRefusedNamingTheKey) {
  Scratch scratch;
  const Outcome o = kncsim("run" + kMesh + " --set verify.monitors=maybe --quiet", scratch.env());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("verify.monitors"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("on, off"), std::string::npos) << o.err;
}

class LegalRouter : public ::testing::TestWithParam<kncsim::test::LegalDesign> {};

// A design that differs from kncsim's and breaks no rule: the monitors find nothing, every
// packet is delivered, and kncsim diverge reports that it differs.
TEST_P(LegalRouter, RunsCleanAndDiffersFromKncsims) {
  const kncsim::test::LegalDesign& l = GetParam();
  Scratch scratch;
  const std::string dir = design_copy(l.name, l.changes);
  const std::string config = kMesh + " --set router.rtl_sources=" + dir;
  const Outcome run = kncsim("run" + config + " --quiet --json -", scratch.env());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err.find("RTL protocol broken"), std::string::npos) << run.err;
  const Outcome d = kncsim("diverge --out " + scratch.path() + "/diverge" + config, scratch.env());
  EXPECT_EQ(d.status, 1) << d.out << d.err;
  EXPECT_NE(d.out.find("first divergence: cycle"), std::string::npos) << d.out;
}

INSTANTIATE_TEST_SUITE_P(Designs, LegalRouter, ::testing::ValuesIn(kncsim::test::legal_designs()),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
