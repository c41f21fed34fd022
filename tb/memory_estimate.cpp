#include "memory_estimate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "analytic/mesh_analytic.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

// The process before any network: SystemC, the Verilated models' code, the libraries.
constexpr double kBaseBytes = 12e6;
// What each model holds, measured with kncsim run on this machine kind (2026-11-23).
struct Footprint {
  double per_node, per_packet;
};
constexpr Footprint kRef{270, 48};          // node state + ports; a packet record (22 B while waiting)
constexpr Footprint kSystemC{4300, 72};     // router module, links, NI; a FIFO run + packet header
constexpr double kRtlPerFifoFlit = 8;       // a Verilated router also holds its FIFOs' flits
constexpr Footprint kRingsPerDim{3700, 0};  // an SCI ring interface's queues
constexpr Footprint kRings{500, 100};       // the node and switch; a message's record and flits
// run.statistics full: the per-channel and per-node tables in the result's JSON, as values and
// as the text written (measured on 256x256 and 128x128 meshes: about 1050 B per node in 2D).
constexpr double kStatsPerChannel = 200, kStatsPerNode = 250;

double available_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  double kb = 0;
  while (in >> key >> kb) {
    if (key == "MemAvailable:") return kb * 1024;
    in.ignore(256, '\n');
  }
  return 0;
}

// Cycles the run may go on for: all of a fixed run, else up to the cap.
double run_cycles(const Config& c) {
  return double(c.text("run.convergence") == "fixed" ? c.integer("run.cycles") : c.integer("run.max_cycles"));
}

double source_cap(const Config& c) {
  return c.is_word("traffic.source_queue_packets") ? 0 : double(c.integer("traffic.source_queue_packets"));
}

MemoryEstimate mesh(const Config& c) {
  MemoryEstimate e;
  const std::vector<int> radices = network_radices(c);
  const MeshGeometry g(radices, c.text("network.topology") == "torus");
  const int L = int(c.integer("traffic.packet_flits"));
  const double A = c.number("traffic.load");
  e.nodes = double(g.nodes());
  const std::string& impl = c.text("router.impl");
  const bool finite = !c.is_word("router.fifo_packets") || !c.is_word("router.fifo_flits");
  const double fifo_flits = !c.is_word("router.fifo_packets") ? double(c.integer("router.fifo_packets")) * L
                            : !c.is_word("router.fifo_flits") ? double(c.integer("router.fifo_flits"))
                                                               : 0;
  const Footprint f = impl == "ref" ? kRef : kSystemC;
  e.bytes_per_node = f.per_node;
  if (c.text("run.statistics") == "full") e.bytes_per_node += kStatsPerNode + kStatsPerChannel * 2 * g.dims();
  const double rtl_share = impl == "rtl" ? 1 : double(c.integers("router.rtl_nodes").size()) / e.nodes;
  e.bytes_per_node += rtl_share * kRtlPerFifoFlit * fifo_flits * g.ports();
  e.bytes_per_packet = f.per_packet;
  // Past saturation the backlog grows by the offered packets the network cannot carry. The
  // Critique's U_max bound stands for what it carries under uniform traffic (so no run below it
  // is charged a backlog); other patterns saturate sooner, and are charged from half of it.
  const double umax = mesh_analytic(radices, L, A).umax_bound;
  const double carried =
      (c.text("traffic.pattern") == "uniform" ? 1.0 : 0.5) * (std::isnan(umax) ? 0.85 : umax);
  const double q = std::min(1.0, injection_probability(A, g.radix(), L, g.torus()));
  const double growth = e.nodes * q * std::max(0.0, 1 - carried / A);
  const double in_flight = e.nodes * 2;  // below saturation: a few packets per node at most
  const double cap = source_cap(c);
  if (finite && cap > 0)  // everything waits at the sources, which hold at most `cap` each
    e.backlog_packets = e.nodes * (cap + g.ports() * std::ceil(fifo_flits / L));
  else
    e.backlog_packets = in_flight + growth * run_cycles(c);
  return e;
}

MemoryEstimate rings(const Config& c) {
  MemoryEstimate e;
  const int n = int(c.integer("network.dims"));
  e.nodes = std::pow(double(network_radices(c)[0]), n);
  e.bytes_per_node = kRings.per_node + n * kRingsPerDim.per_node;
  if (c.text("run.statistics") == "full") e.bytes_per_node += kStatsPerNode + kStatsPerChannel * n;
  e.bytes_per_packet = kRings.per_packet;
  // Messages per node per cycle beyond what the rings carry (about 0.7 of eq 13's maximum).
  const double load = c.number("traffic.load");
  const double growth = e.nodes * load / 20 * std::max(0.0, 1 - 0.7 / load);
  const double cap = source_cap(c);
  e.backlog_packets = e.nodes * 2 + (cap > 0 ? e.nodes * cap : growth * run_cycles(c));
  return e;
}

}  // namespace

MemoryEstimate estimate_memory(const Config& c) {
  MemoryEstimate e = c.text("network.topology") == "rings" ? rings(c) : mesh(c);
  e.peak_bytes = kBaseBytes + e.nodes * e.bytes_per_node + e.backlog_packets * e.bytes_per_packet;
  if (!c.is_word("run.memory_limit")) {
    e.limit_bytes = double(c.integer("run.memory_limit")) * 1048576;
    e.limit_source = "run.memory_limit";
  } else {
    e.limit_bytes = available_bytes();
    e.limit_source = "MemAvailable";
  }
  return e;
}

void check_memory(const Config& c, const MemoryEstimate& e) {
  if (e.limit_bytes <= 0 || e.peak_bytes <= e.limit_bytes) return;
  std::string cheaper;
  if (c.text("network.topology") != "rings" && c.text("router.impl") != "ref") {
    Config ref = c;
    ref.set_value("router.impl", "ref", "the memory estimate");
    ref.set_value("router.rtl_nodes", "none", "the memory estimate");
    cheaper = fmt::format("router.impl: ref (about {:.0f} MB), ", estimate_memory(ref).peak_bytes / 1e6);
  }
  if (e.backlog_packets > e.nodes * 4)
    cheaper += "traffic.source_queue_packets with finite router FIFOs (bounds the backlog), fewer run.cycles, ";
  throw ConfigError(fmt::format(
      "estimated peak memory {:.0f} MB ({:.0f} nodes x {:.0f} bytes, {:.3g} packets held x {:.0f} bytes, plus {:.0f} MB "
      "of program) exceeds the limit of {:.0f} MB ({}); allowed: {}a smaller network.radix, or a higher "
      "run.memory_limit (MiB)",
      e.peak_bytes / 1e6, e.nodes, e.bytes_per_node, e.backlog_packets, e.bytes_per_packet, 12.0,
      e.limit_bytes / 1e6, e.limit_source, cheaper));
}

}  // namespace kncsim
