// The energy model's parts: the built-in technology tables against the reference figures the
// issue gives (DSENT 0.91's router and link), the rules that scale a table's router against
// DSENT's own runs of other shapes, table files and their refusals, and the payload's toggles.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "energy/payload.hpp"
#include "energy/router_energies.hpp"
#include "energy/technology_table.hpp"

namespace kncsim {
namespace {

// At the printed digits: `printed` rounds the value to `digits` decimals.
void expect_printed(double value, double printed, int digits, const char* what) {
  const double unit = std::pow(10.0, -digits);
  EXPECT_LE(std::abs(value - printed), unit / 2 + 1e-12) << what << " = " << value << ", printed " << printed;
}

// DSENT 0.91 at 1 GHz, 5 ports, 64-bit flits, 4 VCs x 4 flits: write 2.40, read 2.14, crossbar
// 1.07, switch allocation 0.21, clock 0.54 pJ a cycle, 5.83 pJ of dynamic energy a flit, links
// 40.4 fJ a bit and mm at half the bits flipping; at 22 nm 1.50 pJ a flit and 23.6 fJ.
TEST(TechnologyTable, BuiltinTablesReproduceTheReferenceFigures) {
  const TechnologyTable t45 = builtin_technology("45nm"), t22 = builtin_technology("22nm");
  const auto per_flit = [](const TechnologyTable& t) {
    return t.router.buffer_write + t.router.buffer_read + t.router.crossbar + t.router.switch_arbitration;
  };
  const auto within = [](double v, double ref) { return std::abs(v / ref - 1) <= 0.01; };
  EXPECT_TRUE(within(t45.router.buffer_write, 2.40)) << t45.router.buffer_write;
  EXPECT_TRUE(within(t45.router.buffer_read, 2.14)) << t45.router.buffer_read;
  EXPECT_TRUE(within(t45.router.crossbar, 1.07)) << t45.router.crossbar;
  expect_printed(t45.router.switch_arbitration, 0.21, 2, "45 nm switch arbitration");  // 0.2148: 2 digits
  EXPECT_TRUE(within(t45.router.clock, 0.54)) << t45.router.clock;
  EXPECT_TRUE(within(per_flit(t45), 5.83)) << per_flit(t45);
  EXPECT_TRUE(within(t45.wire_fj_per_toggle_mm / 2, 40.4)) << t45.wire_fj_per_toggle_mm;
  EXPECT_TRUE(within(per_flit(t22), 1.50)) << per_flit(t22);
  EXPECT_TRUE(within(t22.wire_fj_per_toggle_mm / 2, 23.6)) << t22.wire_fj_per_toggle_mm;
  // Leakage: DSENT prints 15.08 mW for the whole router, of which the input ports' buffers leak
  // 12.23 mW (the issue's 12.4 mW matches neither within 1 %; docs/energy.md).
  EXPECT_NEAR(t45.leakage_mw.total(), 15.0797, 1e-3);
  EXPECT_NEAR(t45.leakage_mw.buffers, 12.2338, 1e-4);
  // The technologies order as their nodes do.
  const TechnologyTable t32 = builtin_technology("32nm");
  EXPECT_GT(per_flit(t45), per_flit(t32));
  EXPECT_GT(per_flit(t32), per_flit(t22));
  EXPECT_THROW(builtin_technology("7nm"), std::invalid_argument);
}

// DSENT 0.91 at 45 nm, one change at a time from the reference (its printed energies, pJ, and
// leakage, mW): the rules hold each within 5 %.
TEST(RouterEnergies, RulesHoldDsentsOtherShapesWithin5Percent) {
  const TechnologyTable t = builtin_technology("45nm");
  struct Dsent {
    RouterShape shape;
    double write, read, crossbar, sa, clock, leakage;
  };
  const Dsent runs[] = {
      {{128, 5, 4, 4}, 4.7559, 4.1695, 2.1260, 0.2148, 0.9105, 29.486},
      {{64, 5, 4, 8}, 3.9608, 3.7017, 1.0737, 0.2148, 0.5586, 27.041},
      {{64, 7, 4, 4}, 2.4037, 2.1554, 1.4049, 0.3483, 0.6744, 22.069},
      {{64, 5, 2, 4}, 1.6769, 1.3095, 1.0737, 0.1472, 0.5217, 8.883},
  };
  const auto close = [](double v, double dsent) { return std::abs(v / dsent - 1) <= 0.05; };
  for (const Dsent& d : runs) {
    const ScaledRouter s = router_energies(t, d.shape);
    SCOPED_TRACE(::testing::Message() << d.shape.flit_bits << " bits, " << d.shape.ports << " ports, " << d.shape.vcs
                                      << " VCs x " << d.shape.buffer_flits << " flits");
    EXPECT_TRUE(close(s.events.buffer_write, d.write)) << s.events.buffer_write;
    EXPECT_TRUE(close(s.events.buffer_read, d.read)) << s.events.buffer_read;
    EXPECT_TRUE(close(s.events.crossbar, d.crossbar)) << s.events.crossbar;
    EXPECT_TRUE(close(s.events.switch_arbitration, d.sa)) << s.events.switch_arbitration;
    EXPECT_TRUE(close(s.events.clock, d.clock)) << s.events.clock;
    EXPECT_TRUE(close(s.leakage_mw.total(), d.leakage)) << s.leakage_mw.total();
  }
  // The reference shape is the table itself.
  const ScaledRouter same = router_energies(t, t.reference);
  EXPECT_DOUBLE_EQ(same.events.buffer_write, t.router.buffer_write);
  EXPECT_DOUBLE_EQ(same.events.clock, t.router.clock);
  EXPECT_DOUBLE_EQ(same.leakage_mw.total(), t.leakage_mw.total());
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

const char* kTable = R"(technology: mine
source: a test
reference_router:
  flit_bits: 32
  ports: 5
  vcs: 2
  buffer_flits: 8
  clock_ghz: 2
router_pj:
  buffer_write: 1.5
  buffer_read: 1.25
  crossbar: 0.5
  switch_arbitration: 0.125
  vc_allocation: 0.0625
  route_computation: 0.03125
  clock_per_cycle: 0.25
router_leakage_mw:
  buffers: 4
  pipeline: 1
  crossbar: 0.5
  switch_allocator: 0.25
  clock: 0.125
wire:
  fj_per_toggle_mm: 60
  leakage_uw_per_mm: 0.5
latch_fj_per_bit: 5
)";

TEST(TechnologyTable, AFileGivesEveryField) {
  const TechnologyTable t = read_technology_table(write_file("table_ok.yaml", kTable));
  EXPECT_EQ(t.name, "mine");
  EXPECT_EQ(t.reference.flit_bits, 32);
  EXPECT_EQ(t.reference.vcs, 2);
  EXPECT_EQ(t.reference.buffer_flits, 8);
  EXPECT_DOUBLE_EQ(t.reference_ghz, 2);
  EXPECT_DOUBLE_EQ(t.router.buffer_write, 1.5);
  EXPECT_DOUBLE_EQ(t.router.vc_allocation, 0.0625);
  EXPECT_DOUBLE_EQ(t.router.route_computation, 0.03125);
  EXPECT_DOUBLE_EQ(t.router.clock, 0.25);
  EXPECT_DOUBLE_EQ(t.leakage_mw.total(), 5.875);
  EXPECT_DOUBLE_EQ(t.wire_fj_per_toggle_mm, 60);
  EXPECT_DOUBLE_EQ(t.wire_leakage_uw_per_mm, 0.5);
  EXPECT_DOUBLE_EQ(t.latch_fj_per_bit, 5);
}

// A bad file names itself, the line and the field.
TEST(TechnologyTable, BadFilesNameFileLineAndField) {
  const auto error = [](const std::string& name, const std::string& text) {
    try {
      read_technology_table(write_file(name, text));
    } catch (const EnergyTableError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  auto replace = [](std::string s, const std::string& from, const std::string& to) {
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  std::string e = error("missing.yaml", replace(kTable, "  crossbar: 0.5\n  switch", "  switch"));
  EXPECT_NE(e.find("missing.yaml"), std::string::npos) << e;
  EXPECT_NE(e.find("'router_pj.crossbar'"), std::string::npos) << e;
  EXPECT_NE(e.find("missing"), std::string::npos) << e;
  e = error("negative.yaml", replace(kTable, "buffer_read: 1.25", "buffer_read: -1.25"));
  EXPECT_NE(e.find("negative.yaml:11"), std::string::npos) << e;
  EXPECT_NE(e.find("router_pj.buffer_read"), std::string::npos) << e;
  EXPECT_NE(e.find("allowed"), std::string::npos) << e;
  e = error("word.yaml", replace(kTable, "crossbar: 0.5\n  switch", "crossbar: lots\n  switch"));
  EXPECT_NE(e.find("word.yaml:12"), std::string::npos) << e;
  EXPECT_NE(e.find("'lots'"), std::string::npos) << e;
  e = error("unknown.yaml", replace(kTable, "latch_fj_per_bit: 5", "latch_fj_per_bit: 5\nvoltage: 1"));
  EXPECT_NE(e.find("unknown.yaml:27"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown field 'voltage'"), std::string::npos) << e;
  e = error("width.yaml", replace(kTable, "flit_bits: 32", "flit_bits: 4096"));
  EXPECT_NE(e.find("width.yaml:4"), std::string::npos) << e;
  EXPECT_NE(e.find("1 to 1024"), std::string::npos) << e;
  e = error("broken.yaml", "router_pj: [1, 2\n");
  EXPECT_NE(e.find("broken.yaml"), std::string::npos) << e;
  e = error("nan.yaml", replace(kTable, "leakage_uw_per_mm: 0.5", "leakage_uw_per_mm: .nan"));
  EXPECT_NE(e.find("wire.leakage_uw_per_mm"), std::string::npos) << e;
  EXPECT_THROW(read_technology_table(::testing::TempDir() + "no_such_table.yaml"), EnergyTableError);
}

TEST(Payload, ZerosNeverFlipCheckerboardFlipsEveryWireRandomHalf) {
  const Payload zeros(PayloadKind::zeros, 1, 64), board(PayloadKind::checkerboard, 1, 100), random(PayloadKind::random, 7, 64);
  EXPECT_EQ(zeros.toggles(3, 0, 3, 1), 0);
  EXPECT_EQ(zeros.ones(3, 0), 0);
  EXPECT_EQ(board.toggles(3, 0, 3, 1), 100) << "every wire, the 36 of the second chunk too";
  EXPECT_EQ(board.ones(3, 0), 50);
  int64_t flipped = 0, n = 20000;
  for (int64_t i = 0; i < n; ++i) flipped += random.toggles(uint64_t(i), 0, uint64_t(i), 1);
  EXPECT_NEAR(double(flipped) / double(64 * n), 0.5, 0.005);
  // A pure function: the same flit, the same bits; and narrow wires keep to their width.
  EXPECT_EQ(random.chunk(5, 2, 0), random.chunk(5, 2, 0));
  const Payload narrow(PayloadKind::random, 7, 5);
  for (uint32_t s = 0; s < 100; ++s) EXPECT_LT(narrow.chunk(9, s, 0), 32u);
}

}  // namespace
}  // namespace kncsim
