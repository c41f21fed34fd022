// Invariant 2 for one router: the SystemC WormholeRouter and the Verilated RTL router, each
// alone in a test bench of stub neighbours (support/router_lockstep.hpp), get the same random
// stimulus (packets on every input link and the injection queue, random back-pressure on every
// output link) and must send the same flits on the same ports in the same cycles, for
// thousands of cycles, for every Verilated parameter set (with virtual channels: packets on
// every channel, and on a torus at a node with wraparound outputs). Packet ids stay below
// 2^32, as an oldest-first RTL router's age key needs. When they differ, the failure reports
// the first divergence (cycle, port, both flits, the 8 flits before it on that port) and
// writes VCD files of both routers' pins and the RTL's internals for the 200 cycles before it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "diverge/first_divergence.hpp"
#include "diverge/vcd_window.hpp"
#include "support/router_lockstep.hpp"

namespace kncsim {
namespace {

using test::Dut;
using test::Trace;

std::vector<LoggedFlit> as_log(const Trace& t) {
  std::vector<LoggedFlit> log;
  for (const auto& [cycle, port, id, seq] : t) {
    LoggedFlit f;
    f.cycle = cycle;
    f.port = port;  // -1: a head left the injection queue (its number in `packet`)
    f.packet = id;
    f.seq = uint32_t(seq);
    f.head = seq == 0;
    log.push_back(f);
  }
  return log;
}

// The first divergence, and both routers' waveforms for the 200 cycles before it (the runs
// again, to 3 cycles past it, the RTL on signals so that its internals can be traced).
std::string divergence_report(const RtlVariant& v, uint64_t seed, const Trace& sc, const Trace& rtl) {
  const auto d = first_divergence(as_log(sc), as_log(rtl), 8);
  if (!d) return "no divergence";
  const MeshGeometry g(v.dims, v.torus ? 5 : 3, v.torus);
  std::string out = describe(*d, g, "SystemC", "RTL");
  const std::string stem = (std::filesystem::path(::testing::TempDir()) / (v.name + "-seed" + std::to_string(seed))).string();
  test::run_lockstep(v, Dut::systemc, seed, d->cycle + 3, stem + "-systemc.vcd");
  test::run_lockstep(v, Dut::rtl_signals, seed, d->cycle + 3, stem + "-rtl.vcd");
  const uint64_t from = uint64_t(std::max<int64_t>(0, d->cycle - 200)), to = uint64_t(d->cycle + 3);
  out += "waveforms of the 200 cycles before it:\n";
  for (const std::string& f : {stem + "-systemc.vcd", stem + "-rtl.vcd", stem + "-rtl.internals.vcd"})
    if (cut_vcd_window(f, from, to)) out += "  " + f + "\n";
  return out;
}

class RouterLockstep : public ::testing::TestWithParam<size_t> {};

TEST_P(RouterLockstep, SameFlitsOnTheSamePortsInTheSameCycles) {
  const RtlVariant& v = rtl_variants()[GetParam()];
  for (uint64_t seed : {1, 2, 3}) {
    const Trace sc = test::run_lockstep(v, Dut::systemc, seed, 20000);
    ASSERT_GT(sc.size(), 10000u) << "the router must be busy";
    for (Dut dut : {Dut::rtl_direct, Dut::rtl_signals}) {
      if (dut == Dut::rtl_signals && !rtl_variant_tests_signals(v)) continue;
      const char* binding = dut == Dut::rtl_direct ? "direct" : "signals";
      const Trace rtl = test::run_lockstep(v, dut, seed, 20000);
      if (sc != rtl) FAIL() << "seed " << seed << ", " << binding << " binding\n" << divergence_report(v, seed, sc, rtl);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, RouterLockstep, ::testing::Range(size_t(0), rtl_variants().size()),
                         [](const auto& info) { return rtl_variants()[info.param].name; });

}  // namespace
}  // namespace kncsim
