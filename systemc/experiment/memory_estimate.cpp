#include "experiment/memory_estimate.hpp"

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
constexpr Footprint kSystemC{4300, 88};     // router module, links, NI; a FIFO run + packet header (64 B)
constexpr double kRtlPerFifoFlit = 8;       // a Verilated router also holds its FIFOs' flits
// and its protocol monitor (verify.monitors): 2.6 MB over the 4096 routers of a 64x64 mesh
// with 128-flit FIFOs (2026-11-28)
constexpr double kRtlMonitorPerNode = 700;
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

MemoryEstimate mesh(const RunSizing& s) {
  MemoryEstimate e;
  const MeshGeometry g = s.topology == NetworkTopology::hexagonal
                            ? MeshGeometry::hexagonal(s.radices.front())
                            : MeshGeometry(s.radices, s.topology == NetworkTopology::torus);
  const int L = s.packet_flits;
  const double A = s.load;
  e.nodes = double(g.nodes());
  const Footprint f = s.impl == RouterImpl::ref ? kRef : kSystemC;
  e.bytes_per_node = f.per_node;
  if (s.full_statistics) e.bytes_per_node += kStatsPerNode + kStatsPerChannel * 2 * g.dims();
  const double rtl_share = s.impl == RouterImpl::rtl ? 1 : double(s.rtl_nodes) / e.nodes;
  e.bytes_per_node += rtl_share * (kRtlPerFifoFlit * s.fifo_flits * g.ports() + kRtlMonitorPerNode);
  e.bytes_per_packet = f.per_packet;
  // Past saturation the backlog grows by the offered packets the network cannot carry. The
  // Critique's U_max bound stands for what it carries under uniform traffic (so no run below it
  // is charged a backlog); other patterns saturate sooner, and are charged from half of it.
  const double umax = mesh_analytic(s.radices, L, A).umax_bound;
  const double carried = (s.uniform_pattern ? 1.0 : 0.5) * (std::isnan(umax) ? 0.85 : umax);
  const double q = std::min(1.0, g.load_links() * A / (g.load_span() * L));
  const double growth = e.nodes * q * std::max(0.0, 1 - carried / A);
  const double in_flight = e.nodes * 2;  // below saturation: a few packets per node at most
  const double cap = s.source_queue_packets;
  if (s.finite_fifos && cap > 0)  // everything waits at the sources, which hold at most `cap` each
    e.backlog_packets = e.nodes * (cap + g.ports() * std::ceil(s.fifo_flits / L));
  else
    e.backlog_packets = in_flight + growth * s.run_cycles;
  return e;
}

MemoryEstimate rings(const RunSizing& s) {
  MemoryEstimate e;
  const int n = int(s.radices.size());
  e.nodes = s.impl == RouterImpl::single_node ? 1 : std::pow(double(s.radices[0]), n);
  e.bytes_per_node = kRings.per_node + n * kRingsPerDim.per_node;
  if (s.full_statistics) e.bytes_per_node += kStatsPerNode + kStatsPerChannel * n;
  e.bytes_per_packet = kRings.per_packet;
  // Messages per node per cycle beyond what the rings carry (about 0.7 of eq 13's maximum).
  const double load = s.load;
  const double growth = e.nodes * load / 20 * std::max(0.0, 1 - 0.7 / load);
  const double cap = s.source_queue_packets;
  e.backlog_packets = e.nodes * 2 + (cap > 0 ? e.nodes * cap : growth * s.run_cycles);
  return e;
}

}  // namespace

MemoryEstimate estimate_memory(const RunSizing& s) {
  MemoryEstimate e = s.topology == NetworkTopology::rings ? rings(s) : mesh(s);
  e.peak_bytes = kBaseBytes + e.nodes * e.bytes_per_node + e.backlog_packets * e.bytes_per_packet;
  if (s.memory_limit_mib) {
    e.limit_bytes = double(*s.memory_limit_mib) * 1048576;
    e.limit_source = "run.memory_limit";
  } else {
    e.limit_bytes = available_bytes();
    e.limit_source = "MemAvailable";
  }
  return e;
}

void check_memory(const RunSizing& s, const MemoryEstimate& e) {
  if (e.limit_bytes <= 0 || e.peak_bytes <= e.limit_bytes) return;
  std::string cheaper;
  if (s.topology != NetworkTopology::rings && s.impl != RouterImpl::ref) {
    RunSizing ref = s;
    ref.impl = RouterImpl::ref;
    ref.rtl_nodes = 0;
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
