// The protocol monitors on an RTL router's pins (verify/router_pin_monitor.hpp) judge an
// architect's design by what every wormhole router must do, not by whether it equals kncsim's.
// Broken designs, each a copy of rtl/wormhole/ with one change and with every assertion compiled
// out (`define SYNTHESIS), sit at node 5 of a 4x4 network of SystemC routers (or at every node):
// the monitor must stop the run at the cause, the node, port and cycle where the design first
// breaks the rule. Where that is comes from the run of kncsim's own router: the first divergence of the
// broken design's flits from it (kncsim diverge with the monitors off), or the first flit of the
// right kind that node 5 sends in that run. Legal designs that differ from kncsim's run clean,
// and kncsim diverge still reports that they differ.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <string>

#include "diverge/first_divergence.hpp"
#include "support/kncsim_process.hpp"
#include "support/rtl_copy.hpp"
#include "support/temp_dir.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

// Node 5 of a 4x4 mesh is (1, 1); its neighbours and the port each sends it flits on.
constexpr uint32_t kNode = 5;
const std::vector<std::pair<uint32_t, int>> kSendersToNode = {{4, 2}, {6, 1}, {1, 4}, {9, 3}};

const std::string kMesh =
    " --set network.radix=4 --set router.impl=systemc --set router.rtl_nodes=[5] --set router.fifo_flits=4"
    " --set router.flow_control=wormhole --set traffic.packet_flits=8 --set traffic.load=0.5"
    " --set run.convergence=fixed --set run.cycles=3000";
const std::string kTorusVcs = kMesh + " --set network.topology=torus --set router.vcs=2";
// Every router RTL: a SystemC neighbour would stop the run at a flit it has no room for (the
// symptom, in the same cycle), so the design's own neighbours take it and the run goes on.
const std::string kMeshAllRtl = kMesh + " --set router.impl=rtl";

// Where the design first breaks the rule, from the runs of kncsim's own router.
enum class Oracle {
  divergence,      // the first flit it sends differently (kncsim diverge, monitors off)
  first_forward,   // the first flit it passes on from a neighbour (the first credit it owes)
  first_tail,      // the first tail it sends
  first_flit,      // the first flit it sends
};

struct Broken {
  const char* name;
  const char* file;  // in rtl/wormhole/
  const char* from;  // occurs once in the file
  const char* to;
  const char* rule;
  Oracle oracle;
  const std::string* config;
};

// A directory for one test's outputs; the processes it starts keep their temporary files there.
class Scratch : public kncsim::test::TempDir {
 public:
  Scratch() : TempDir("kncsim_monitor") {}
  std::string env() const { return "TMPDIR=" + path(); }
};

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A copy of rtl/wormhole/ with `from` replaced by `to` in `file` and every assertion compiled
// out: SYNTHESIS defined in the first source Verilator reads after the waivers (kncsim_pkg.sv).
std::string broken_copy(const std::string& name, const std::string& file, const std::string& from, const std::string& to) {
  return kncsim::test::shared_rtl_copy("monitor_" + name, "wormhole", [&](const std::string& f, std::string text) {
    if (f == "kncsim_pkg.sv") text = "`define SYNTHESIS\n" + text;
    if (f == file) {
      EXPECT_EQ(occurrences(text, from), 1u) << from << " in " << file;
      text.replace(text.find(from), from.size(), to);
    }
    return text;
  });
}

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
        (oracle == Oracle::first_forward && toward.count(f.packet)))
      return Where{f.cycle, kNode, f.port};
  }
  return std::nullopt;
}

class BrokenRouter : public ::testing::TestWithParam<Broken> {};

TEST_P(BrokenRouter, AMonitorStopsTheRunAtTheCause) {
  const Broken& b = GetParam();
  Scratch scratch;
  const std::string dir = broken_copy(b.name, b.file, b.from, b.to);
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
  if (b.oracle == Oracle::divergence) {
    const Outcome d = kncsim("diverge --out " + scratch.path() + "/diverge" + config + " --set verify.monitors=off",
                             scratch.env());
    std::smatch m;
    ASSERT_TRUE(std::regex_search(d.out, m, std::regex("first divergence: cycle (\\d+), node (\\d+) \\([^)]*\\), output port (\\d+)")))
        << d.out << d.err;
    want = Where{std::stoll(m[1]), uint32_t(std::stoul(m[2])), std::stoi(m[3])};
  } else {
    const std::string log = scratch.path() + "/own.flits";
    const Outcome own = kncsim("run" + *b.config + " --quiet --set trace.flits=" + log, scratch.env());
    ASSERT_EQ(own.status, 0) << own.err;
    want = from_log(log, b.oracle);
    ASSERT_TRUE(want) << "node 5 sent no such flit";
  }
  EXPECT_EQ(got->cycle, want->cycle) << run.err;
  EXPECT_EQ(got->node, want->node) << run.err;
  if (b.oracle != Oracle::first_forward) {  // (that one names the input the credit is for)
    EXPECT_EQ(got->port, want->port) << run.err;
  }
}

const Broken kBroken[] = {
    // A flit sent into a full FIFO: the room test lets one flit more through.
    {"no_credit", "kncsim_router.sv", "(32'(used) + 32'(flits) <= Depth)", "(32'(used) + 32'(flits) <= Depth + 1)",
     "NoCredit_M", Oracle::divergence, &kMeshAllRtl},
    // Each flit's credit returned twice upstream.
    {"credit_twice", "kncsim_router.sv", "CutThrough ? front[p].len : CreditW'(1);\n        end\n        bound_d",
     "CutThrough ? front[p].len : CreditW'(2);\n        end\n        bound_d", "CreditForNoFlit_M", Oracle::first_forward,
     &kMesh},
    // An output let go after every flit: another input's head enters inside the packet.
    {"output_released", "kncsim_router.sv", "busy_d[o]      = !front[p].tail;", "busy_d[o]      = 1'b0;",
     "HeadInsidePacket_M", Oracle::divergence, &kMesh},
    // Routing the wrong way in every dimension.
    {"wrong_direction", "kncsim_route_compute.sv", "route_o[succ ? 2 * k + 2 : 2 * k + 1]",
     "route_o[succ ? 2 * k + 1 : 2 * k + 2]", "Misrouted_M", Oracle::divergence, &kMesh},
    // The tail bit lost on the way out.
    {"tail_dropped", "kncsim_router.sv", "out_flit_o[o] = front[p];", "out_flit_o[o] = front[p] & ~(FlitW'(1) << (FlitW - 2));",
     "Framing_M", Oracle::first_tail, &kMesh},
    // A header bit flipped on the way out (the destination's lowest bit).
    {"dest_flipped", "kncsim_router.sv", "out_flit_o[o] = front[p];", "out_flit_o[o] = front[p] ^ (FlitW'(1) << TagW);",
     "HeaderCorrupt_M", Oracle::first_flit, &kMesh},
    // Every flit out on virtual channel 3 of a link with 2.
    {"vc_out_of_range", "kncsim_vc_router.sv", "f.vc = VcW'(32'(bound_out[c]) % Vcs);", "f.vc = VcW'(3);", "VcRange_M",
     Oracle::first_flit, &kTorusVcs},
};

INSTANTIATE_TEST_SUITE_P(Designs, BrokenRouter, ::testing::ValuesIn(kBroken),
                         [](const auto& info) { return std::string(info.param.name); });

// The report ends with the run again, stopping just past the violation with the node traced:
// pasted as it is, it stops at the same rule in the same cycle (the node now on the signal
// binding) and leaves the node's link pins and its insides in two VCD files.
TEST(BrokenRouterReport, EndsWithTheRunAgainTracingTheNode) {
  Scratch scratch;
  const std::string dir = broken_copy("tail_dropped", "kncsim_router.sv", "out_flit_o[o] = front[p];",
                                      "out_flit_o[o] = front[p] & ~(FlitW'(1) << (FlitW - 2));");
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

// A bad value of the monitors' key is refused before anything runs, naming the key and its values.
TEST(MonitorKey, ABadValueIsRefusedNamingTheKey) {
  Scratch scratch;
  const Outcome o = kncsim("run" + kMesh + " --set verify.monitors=maybe --quiet", scratch.env());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("verify.monitors"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("on, off"), std::string::npos) << o.err;
}

struct Legal {
  const char* name;
  const char* file;
  const char* from;
  const char* to;
};

class LegalRouter : public ::testing::TestWithParam<Legal> {};

// A design that differs from kncsim's and breaks no rule: the monitors find nothing, every
// packet is delivered, and kncsim diverge reports that it differs.
TEST_P(LegalRouter, RunsCleanAndDiffersFromKncsims) {
  const Legal& l = GetParam();
  Scratch scratch;
  const std::string dir = broken_copy(l.name, l.file, l.from, l.to);
  const std::string config = kMesh + " --set router.rtl_sources=" + dir;
  const Outcome run = kncsim("run" + config + " --quiet --json -", scratch.env());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err.find("RTL protocol broken"), std::string::npos) << run.err;
  const Outcome d = kncsim("diverge --out " + scratch.path() + "/diverge" + config, scratch.env());
  EXPECT_EQ(d.status, 1) << d.out << d.err;
  EXPECT_NE(d.out.find("first divergence: cycle"), std::string::npos) << d.out;
}

const Legal kLegal[] = {
    // Pertel's output pointer that never moves.
    {"pointer_still", "kncsim_token_alloc.sv", "if (o == 0) pout = wrap(pout + 1);", ""},
    // Dimension order, the last dimension first.
    {"last_dimension_first", "kncsim_route_compute.sv", "for (int unsigned k = 0; k < Dims; k++) begin\n        here ",
     "for (int k = int'(Dims) - 1; k >= 0; k--) begin\n        here "},
};

INSTANTIATE_TEST_SUITE_P(Designs, LegalRouter, ::testing::ValuesIn(kLegal),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
