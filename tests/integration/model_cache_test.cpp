// The RTL model cache (systemc/rtl_cache/) as the kncsim command meets it, each test in a cache
// of its own (KNCSIM_CACHE): two processes that need one model build it once, the other
// waiting on its lock; SIGTERM during a build leaves no entry; a damaged model is rebuilt
// with a warning; sweep workers sharing a cache build each model once. Then the architect's
// RTL: the tests that only run an edited copy (diverge, gated clocks) keep it in the suite's
// cache (shared_rtl_copy), so that its model is built once for every run of the suite.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <string>
#include <thread>

#include "support/kncsim_process.hpp"
#include "support/rtl_copy.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kncsim::test::Background;
using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::read_file;

// A 1D mesh of RTL routers with 2-flit FIFOs: the smallest model to build.
const std::vector<std::string> kRtl{"--set", "network.dims=1",        "--set", "network.radix=4",
                                    "--set", "router.impl=rtl",       "--set", "router.fifo_flits=2",
                                    "--set", "router.flow_control=wormhole", "--set", "traffic.packet_flits=4",
                                    "--set", "run.convergence=fixed", "--set", "run.cycles=300"};

std::string joined(const std::vector<std::string>& a) {
  std::string s;
  for (const auto& x : a) s += " " + x;
  return s;
}

// A directory for one test's outputs, removed after; the processes the test starts keep their
// temporary files in it (and use the suite's model cache).
class Scratch : public kncsim::test::TempDir {
 public:
  Scratch() : TempDir("kncsim_scratch") {}
  std::string env() const { return "TMPDIR=" + path(); }
};

// A cache directory for one test; KNCSIM_CACHE names it for the processes the test starts.
class Cache : public Scratch {
 public:
  Cache() {
    if (const char* old = std::getenv("KNCSIM_CACHE")) old_ = old;
    setenv("KNCSIM_CACHE", path().c_str(), 1);
  }
  ~Cache() { old_ ? setenv("KNCSIM_CACHE", old_->c_str(), 1) : unsetenv("KNCSIM_CACHE"); }
  // TMPDIR too: a check that fails keeps its Verilator log in a temporary directory, which
  // then goes with the cache.
  std::string env() const { return "KNCSIM_CACHE=" + path() + " " + Scratch::env(); }
  int entries() const { return count(path() + "/models"); }
  int staging() const { return count(path() + "/staging"); }

 private:
  static int count(const std::string& dir) {
    std::error_code ec;
    int n = 0;
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); ++it) ++n;
    return n;
  }
  std::optional<std::string> old_;
};

// `text` with its one `from` replaced by `to` (a test failure if `from` is not in it).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at == std::string::npos) {
    ADD_FAILURE() << "not in the source: " << from;
    return text;
  }
  return text.replace(at, from.size(), to);
}

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ModelCache, TwoProcessesNeedingOneModelBuildItOnce) {
  Cache cache;
  std::vector<std::string> args{"rtl", "build", "-j", "1"};
  args.insert(args.end(), kRtl.begin(), kRtl.end());
  Background a(args), b(args);
  const Outcome x = a.wait(), y = b.wait();
  ASSERT_EQ(x.status, 0) << x.err;
  ASSERT_EQ(y.status, 0) << y.err;
  EXPECT_EQ(occurrences(x.out + y.out, "built router"), 1) << x.out << y.out;
  EXPECT_EQ(occurrences(x.out + y.out, "1 already cached"), 1) << x.out << y.out;
  EXPECT_EQ(occurrences(x.err + y.err, "waiting for another kncsim building the same RTL model"), 1) << x.err << y.err;
  EXPECT_EQ(cache.entries(), 1);
}

TEST(ModelCache, ASigtermDuringABuildLeavesNoEntryAndTheNextRunBuildsIt) {
  Cache cache;
  std::vector<std::string> args{"rtl", "build", "-j", "1"};
  args.insert(args.end(), kRtl.begin(), kRtl.end());
  setenv("CCACHE_DISABLE", "1", 1);  // ccache could finish the build before the signal comes
  Background build(args);
  unsetenv("CCACHE_DISABLE");
  const auto t0 = std::chrono::steady_clock::now();
  while (cache.staging() == 0 && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(cache.staging(), 1) << "no build started";
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  build.signal(SIGTERM);
  const Outcome o = build.wait();
  EXPECT_NE(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.err.find("stopped by signal 15"), std::string::npos) << o.err;
  EXPECT_EQ(cache.entries(), 0) << "a half-built model entered the cache";
  EXPECT_EQ(cache.staging(), 0);

  const Outcome run = kncsim("run" + joined(kRtl) + " --json -", cache.env());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("building the RTL model"), std::string::npos) << run.err;
  EXPECT_EQ(nlohmann::json::parse(run.out)["curtime"], 300);
  EXPECT_EQ(cache.entries(), 1);
}

TEST(ModelCache, ADamagedModelIsRebuiltWithAWarning) {
  Cache cache;
  const Outcome first = kncsim("run" + joined(kRtl) + " --json -", cache.env());
  ASSERT_EQ(first.status, 0) << first.err;
  const auto entry = fs::directory_iterator(cache.path() + "/models")->path();
  const auto so = entry / "model.so";
  fs::resize_file(so, fs::file_size(so) / 2);  // a copy cut short, a full disk

  const Outcome again = kncsim("run" + joined(kRtl) + " --json -", cache.env());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("warning: cached RTL model " + entry.string() + " is damaged (model.so has"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(nlohmann::json::parse(again.out)["T"], nlohmann::json::parse(first.out)["T"]);
  const Outcome cached = kncsim("run" + joined(kRtl) + " --json -", cache.env());
  EXPECT_EQ(cached.err.find("building"), std::string::npos) << "rebuilt twice: " << cached.err;
}

TEST(ModelCache, SweepWorkersSharingACacheBuildEachModelOnce) {
  Cache cache;
  const std::string sweep = cache.path() + "/s.yaml";
  std::ofstream(sweep) << "set: {network.dims: 1, network.radix: 4, router.impl: rtl, router.fifo_flits: 2,\n"
                          "      router.flow_control: wormhole, traffic.packet_flits: 4, run.convergence: fixed,\n"
                          "      run.cycles: 300}\ngrid:\n  traffic.seed: [1, 2, 3]\n";
  const Outcome o = kncsim("sweep " + sweep + " -j 3 --quiet --out " + cache.path() + "/out", cache.env());
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  std::string logs;
  for (const auto& e : fs::directory_iterator(cache.path() + "/out/logs")) logs += read_file(e.path().string());
  EXPECT_EQ(occurrences(logs, "building the RTL model"), 1) << logs;
  EXPECT_EQ(cache.entries(), 1);
}

TEST(ModelCache, ListShowsAndCleanRemovesTheModels) {
  Cache cache;
  ASSERT_EQ(kncsim("rtl build" + joined(kRtl), cache.env()).status, 0);
  const Outcome list = kncsim("rtl list", cache.env());
  EXPECT_EQ(list.status, 0);
  EXPECT_NE(list.out.find("router-direct-"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("router dims 1 fifo_flits 2 dor wormhole mesh vcs 1 priority_token (direct binding)"),
            std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("1 models"), std::string::npos) << list.out;
  EXPECT_EQ(kncsim("rtl clean", cache.env()).status, 0);
  EXPECT_EQ(cache.entries(), 0);
}

}  // namespace

namespace {

std::string copy_of_rtl(const std::string& dir) { return kncsim::test::copy_rtl_sources(dir); }

// The architect's RTL (router.rtl_sources): a syntax error is refused with exit 2, naming the
// file and line; nothing enters the cache, and the failed build's log is kept.
TEST(ArchitectsRtl, ASyntaxErrorIsRefusedWithItsFileAndLine) {
  Cache cache;
  const std::string dir = copy_of_rtl(cache.path() + "/my_rtl");
  {
    std::ofstream f(dir + "/kncsim_route_compute.sv", std::ios::app);
    f << "\nmodule broken (input logic a_i\n";  // line after the file's last: no ');', no endmodule
  }
  const Outcome o = kncsim("run" + joined(kRtl) + " --set router.rtl_sources=" + dir, cache.env());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("Verilator refused the router sources in " + dir), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("kncsim_route_compute.sv:"), std::string::npos) << o.err;
  EXPECT_EQ(cache.entries(), 0);
  const size_t log = o.err.find(cache.path() + "/failed/");
  ASSERT_NE(log, std::string::npos) << "the log is named: " << o.err;
  const std::string log_path = o.err.substr(log, o.err.find(')', log) - log);
  EXPECT_NE(read_file(log_path).find("kncsim_route_compute.sv"), std::string::npos) << log_path;
  EXPECT_EQ(cache.staging(), 0);
}

// kncsim diverge on sources that do not build: Verilator's own message with its file and line,
// exit 2, before either run (not a missing flit log of an RTL run that never began).
TEST(ArchitectsRtl, DivergeOnSourcesThatDoNotBuildShowsVerilatorsMessage) {
  Cache cache;
  const std::string dir = copy_of_rtl(cache.path() + "/my_rtl");
  {
    std::ofstream f(dir + "/kncsim_route_compute.sv", std::ios::app);
    f << "\nmodule broken (input logic a_i\n";
  }
  const Outcome o = kncsim("diverge --out " + cache.path() + "/diverge" + joined(kRtl) + " --set router.rtl_sources=" + dir,
                           cache.env());
  EXPECT_EQ(o.status, 2) << o.out << o.err;
  EXPECT_NE(o.err.find("Verilator refused the router sources in " + dir), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("kncsim_route_compute.sv:"), std::string::npos) << o.err;
  EXPECT_EQ((o.out + o.err).find("flit log"), std::string::npos) << o.out << o.err;
}

// A router whose core runs on a gated clock (an ICG-style gate in the top: a latch open while
// clk_i is low, ANDed with clk_i), enabled as kncsim clocks a router at all: with an input or
// state. The latch must see this cycle's pins: with the last cycle's, a flit reaching an idle
// router would find its core without an edge. Both bindings evaluate the low phase with the
// inputs (the signal binding a delta cycle before the edge), so it behaves as the SystemC router.
TEST(ArchitectsRtl, AGatedRouterRunsItsLowPhaseInBothBindings) {
  Scratch scratch;
  const std::string dir = kncsim::test::shared_rtl_copy(
      "gated_router", "wormhole", [](const std::string& file, std::string text) {
        if (file != "kncsim_router_top.sv") return text;
        const std::string top_end = "  logic [Ports*VcW-1:0] out_credit_vc;\n";
        text = replaced(text, "    ) u_router (\n      .clk_i,\n", "    ) u_router (\n      .clk_i(core_clk),\n");
        return replaced(text, top_end,
                        top_end +
                            "  logic en_latch, core_clk;\n  always_latch begin\n    if (!clk_i) en_latch = in_valid_i != '0 || !idle_o ||\n"
                            "        {credit0_i, credit1_i, credit2_i, credit3_i, credit4_i, credit5_i, credit6_i} != '0;\n"
                            "  end\n  assign core_clk = en_latch & clk_i;\n");
      });
  for (const char* binding : {"direct", "signals"}) {
    const Outcome o = kncsim(std::string("diverge --out ") + scratch.path() + "/diverge_" + binding +
                                 " --set router.rtl_sources=" + dir + " --set router.rtl_binding=" + binding +
                                 " --set router.impl=rtl --set network.radix=4 --set router.fifo_flits=4"
                                 " --set router.flow_control=wormhole --set traffic.packet_flits=8 --set traffic.load=0.2"
                                 " --set run.convergence=fixed --set run.cycles=1000",
                             scratch.env());
    EXPECT_EQ(o.status, 0) << binding << "\n" << o.out << o.err;
    EXPECT_NE(o.out.find("no divergence"), std::string::npos) << binding << "\n" << o.out;
  }
}

// A copy whose top renames one port (in_pop_o, everywhere in the top but in the pins of the
// routers it instantiates): refused with exit 2 before Verilating, naming the port, where the
// top declares it, and what the table expects there; nothing enters the cache.
TEST(ArchitectsRtl, ARenamedPortIsRefusedNamingItsExpectedDirectionAndWidth) {
  Cache cache;
  const std::string dir = copy_of_rtl(cache.path() + "/my_rtl");
  const std::string top = dir + "/kncsim_router_top.sv";
  std::string text = std::regex_replace(read_file(top), std::regex("\\bin_pop_o\\b"), "in_take_o");
  text = std::regex_replace(text, std::regex("\\.in_take_o(\\s*)\\("), ".in_pop_o$1(");
  std::ofstream(top) << text;
  const Outcome o = kncsim("run" + joined(kRtl) + " --set router.rtl_sources=" + dir, cache.env());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("the router sources in " + dir + " do not have the port contract of kncsim_router_top"),
            std::string::npos) << o.err;
  EXPECT_NE(o.err.find("port 6 of kncsim_router_top is in_take_o (output, 7 bits) at " + top + ":21; expected "
                       "in_pop_o (output, 7 bits)"),
            std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("Verilating"), std::string::npos);
  EXPECT_EQ(cache.entries(), 0);
  EXPECT_EQ(cache.staging(), 0);
}

// The same for a ring node whose me_i pin is a bit narrower (kncsim rtl check, which builds
// nothing), and a width Verilator itself only warns about: the port is named first.
TEST(ArchitectsRtl, ARingNodePortOfTheWrongWidthIsNamed) {
  Cache cache;
  const std::string dir = cache.path() + "/my_sci";
  kncsim::test::copy_rtl_sources(dir, "sci");
  const std::string top = dir + "/kncsim_sci_node_top.sv";
  std::string text = read_file(top);
  const std::string from = "input  logic [SciAddrW-1:0]   me_i,";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "input  logic [SciAddrW-2:0]   me_i,");
  std::ofstream(top) << text;
  const Outcome o = kncsim("rtl check --set network.topology=rings --set router.model=sci --set router.impl=rtl "
                           "--set router.active_buffer_packets=4 --set router.rtl_sources=" + dir,
                           cache.env());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("port 4 of kncsim_sci_node_top is me_i (input, 15 bits) at " + top + ":12; expected me_i "
                       "(input, 16 bits)"),
            std::string::npos) << o.err;
  EXPECT_EQ(cache.entries(), 0);
}

// The port contract page's two templates (docs/rtl-templates/) pass the check, and kncsim's own
// sources do.
TEST(ArchitectsRtl, TheContractTemplatesAndKncsimsOwnSourcesPassTheCheck) {
  Cache cache;
  const std::string docs = std::string(KNCSIM_SOURCE_DIR) + "/docs/rtl-templates/";
  const std::string router = "rtl check --set router.impl=rtl --set router.fifo_flits=4 "
                             "--set router.flow_control=wormhole --set router.rtl_sources=";
  const std::string ring = "rtl check --set network.topology=rings --set router.model=sci --set router.impl=rtl "
                           "--set router.active_buffer_packets=4 --set router.rtl_sources=";
  for (const std::string& cmd : {router + docs + "router", ring + docs + "sci_node",
                                 router + KNCSIM_SOURCE_DIR + "/rtl/wormhole", ring + KNCSIM_SOURCE_DIR + "/rtl/sci"}) {
    const Outcome o = kncsim(cmd, cache.env());
    EXPECT_EQ(o.status, 0) << cmd << "\n" << o.err;
    EXPECT_NE(o.out.find("Verilator elaborates them without a warning"), std::string::npos) << o.out;
  }
  EXPECT_EQ(cache.entries(), 0) << "a check builds nothing";
}

// Editing one file of the architect's RTL rebuilds the model that uses it, once; the other
// binding's model is a model of its own, untouched.
TEST(ArchitectsRtl, AnEditRebuildsTheModelOnce) {
  Cache cache;
  const std::string dir = copy_of_rtl(cache.path() + "/my_rtl");
  const std::string run = "run" + joined(kRtl) + " --set router.rtl_sources=" + dir + " --json -";
  const Outcome first = kncsim(run, cache.env());
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(occurrences(first.err, "building the RTL model"), 1) << first.err;
  EXPECT_EQ(occurrences(kncsim(run, cache.env()).err, "building the RTL model"), 0);
  std::ofstream(dir + "/prim/kncsim_prim_fifo.sv", std::ios::app) << "\n// an edit\n";  // its own prims count
  const Outcome edited = kncsim(run, cache.env());
  ASSERT_EQ(edited.status, 0) << edited.err;
  EXPECT_EQ(occurrences(edited.err, "building the RTL model"), 1) << edited.err;
  EXPECT_EQ(nlohmann::json::parse(edited.out)["T"], nlohmann::json::parse(first.out)["T"]);
  EXPECT_EQ(cache.entries(), 2);
}

// The same copy with one of the CI's mutations (a flit needs one slot more of room downstream)
// makes kncsim diverge name the first divergence between it and the SystemC router.
TEST(ArchitectsRtl, DivergeNamesTheFirstDivergenceOfABrokenCopy) {
  Scratch scratch;
  const std::string dir = kncsim::test::shared_rtl_copy(
      "broken_router", "wormhole", [](const std::string& file, std::string text) {
        return file != "kncsim_router.sv" ? text
                                          : replaced(text, "32'(used) + 32'(flits) <= Depth", "32'(used) + 32'(flits) < Depth");
      });
  const Outcome o = kncsim("diverge --out " + scratch.path() + "/diverge --set router.rtl_sources=" + dir +
                               " --set network.radix=4 --set router.impl=rtl --set router.fifo_flits=4"
                               " --set router.flow_control=wormhole --set traffic.packet_flits=8 --set traffic.load=0.3"
                               " --set run.convergence=fixed --set run.cycles=3000",
                           scratch.env());
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_NE(o.out.find("first divergence: cycle 11, node 1 (1, 0), output port 4 (+y)"), std::string::npos) << o.out;
}

// A ring node broken on purpose (its ring buffer holds a passing flit one cycle longer than
// T_pass), at node 5 of a 4-ary 2-cube of SystemC nodes: kncsim diverge names the node, the
// ring and its pin, both flits, and cuts both runs' waveforms to the window before it.
TEST(ArchitectsRtl, DivergeNamesABrokenRingNode) {
  Scratch scratch;
  const std::string dir = kncsim::test::shared_rtl_copy(
      "broken_sci_node", "sci", [](const std::string& file, std::string text) {
        return file != "kncsim_sci_ring_if.sv"
                   ? text
                   : replaced(text, "stamp: stamp_now_i + SciTimeW'(cfg_i.t_pass), flit: rb_flit",
                              "stamp: stamp_now_i + SciTimeW'(cfg_i.t_pass) + SciTimeW'(1), flit: rb_flit");
      });
  const std::string out = scratch.path() + "/diverge";
  const Outcome o = kncsim("diverge --out " + out + " --set router.rtl_sources=" + dir +
                               " --set network.topology=rings --set router.model=sci --set network.radix=4"
                               " --set router.impl=systemc --set router.rtl_nodes=[5] --set router.active_buffer_packets=4"
                               " --set run.convergence=fixed --set run.cycles=3000",
                           scratch.env());
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_NE(o.out.find("first divergence: cycle 16, node 5 (1, 1), ring 0 (pin ring_out0_o)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("expected (SystemC): cycle 16, kind address, packet 4.0 flit 0 (head)"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("actual (RTL): cycle 17, kind address, packet 4.0 flit 0 (head)"), std::string::npos) << o.out;
  for (const char* vcd : {"systemc.vcd", "rtl.vcd", "rtl.node_5.vcd"}) {
    EXPECT_NE(o.out.find(out + "/" + vcd), std::string::npos) << vcd << "\n" << o.out;
    EXPECT_NE(read_file(out + "/" + vcd).find("$enddefinitions"), std::string::npos) << vcd;
  }
}

// A ring node whose ring interfaces run on gated clocks (an ICG-style gate inside the node: a
// latch open while clk_i is low, ANDed with clk_i): the model cache finds the derived clocks,
// and both bindings evaluate the low phase with the cycle's inputs. The gates are enabled at
// every edge the node gets, but only if the latch saw this cycle's now_i (now_q, the node's
// time as of its last edge, is one ahead of the last now_i): with the previous cycle's pins the
// interfaces would miss the edge. Lowering clk_i alone, as for a model with no other clock,
// would leave the gated clocks high and the interfaces without an edge too.
TEST(ArchitectsRtl, RingNodeWithGatedClocksRunsItsLowPhase) {
  Scratch scratch;
  const std::string dir = kncsim::test::shared_rtl_copy(
      "gated_sci_node", "sci", [](const std::string& file, std::string text) {
        if (file != "kncsim_sci_node.sv") return text;
        return replaced(text, "    kncsim_sci_ring_if #(.Dim(d)) u_ring_if (\n      .clk_i, .rst_ni, .cfg_i,",
                        "    logic en_latch, ring_clk;\n"
                        "    always_latch begin\n"
                        "      if (!clk_i) en_latch = now_i != now_q - 1'b1;\n"
                        "    end\n"
                        "    assign ring_clk = en_latch & clk_i;\n"
                        "    kncsim_sci_ring_if #(.Dim(d)) u_ring_if (\n"
                        "      .clk_i(ring_clk), .rst_ni, .cfg_i,");
      });
  for (const char* binding : {"direct", "signals"}) {
    const Outcome o = kncsim(std::string("diverge --out ") + scratch.path() + "/diverge_" + binding +
                                 " --set router.rtl_sources=" + dir + " --set router.rtl_binding=" + binding +
                                 " --set network.topology=rings --set router.model=sci --set network.dims=2"
                                 " --set network.radix=8 --set router.impl=rtl --set router.active_buffer_packets=4"
                                 " --set traffic.load=0.3 --set run.convergence=fixed --set run.cycles=1000",
                             scratch.env());
    EXPECT_EQ(o.status, 0) << binding << "\n" << o.out << o.err;
    EXPECT_NE(o.out.find("no divergence"), std::string::npos) << binding << "\n" << o.out;
  }
}

}  // namespace

