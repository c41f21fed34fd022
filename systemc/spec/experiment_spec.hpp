#pragma once
// A configuration decoded once, before anything is built, into what one topology's run needs:
// in one pass (decode), every rule between keys is checked and every combination that cannot
// work is refused (ConfigError naming the key), and every key is read, here in systemc/spec/,
// the only place besides config/ that reads a Config. Everything after it (models, memory
// estimate, analytic figures, reports, sweeps) reads the spec: its types and enums, never key
// text nor the resolved JSON. The spec names the RTL nodes' models but builds nothing: the
// experiment attaches their factories (attach_rtl).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "topo/mesh_geometry.hpp"

#include "analytic/rings_analytic.hpp"
#include "energy/energy_estimate.hpp"
#include "config/config.hpp"
#include "config/model_kinds.hpp"
#include "spec/before_tables.hpp"
#include "spec/link_timing.hpp"
#include "spec/network_overrides.hpp"
#include "spec/run_outputs.hpp"
#include "spec/run_sizing.hpp"
#include "ring/sci_network.hpp"
#include "net/wormhole_network.hpp"
#include "ref/ref_network.hpp"
#include "ring/sci_params.hpp"
#include "rtl_cache/model_spec.hpp"
#include "stats/convergence.hpp"
#include "ring/ring_window.hpp"
#include "traffic/closed_loop.hpp"
#include "traffic/pattern.hpp"
#include "traffic/trace_workload.hpp"
#include "ring/ring_traffic.hpp"

namespace kncsim {

class SciCoverage;  // verify/sci_coverage.hpp

// Pertel's workload on a mesh: Bernoulli injection with probability q = 4A/(R L) per node and
// cycle, from the 1992 programs' drand48 order or a counter-based stream, to a pattern.
struct MeshStreamSpec {
  bool legacy = true;
  uint64_t state = 0;  // legacy: drand48's state; counter: the seed
  PatternSpec pattern;
  double q = 0;  // per node and cycle: the Bernoulli coin, or 1 / the mean gap
  InterarrivalDistribution gaps;  // bernoulli: the coin of q, in traffic.stream's order
  LengthDistribution lengths;     // fixed: every packet the network's L
  std::vector<double> mru;        // traffic.mru_stack (empty: none)
  int64_t on_cycles = 0, off_cycles = 0;  // traffic.phases: inject in the first `on` of every on + off cycles (0: always)
};

// A traffic class (PP-MESS-SIM's task, classes.NAME.*): its own stream on its nodes, its
// warm-up and collection counts (run.convergence packets), and its results apart.
struct TrafficClassSpec {
  std::string name;
  MeshStreamSpec stream;
  std::vector<uint32_t> nodes;  // empty: every node
  double load = 0;              // its classes.NAME.load (of its nodes)
  double offered_load = 0;      // what it offers of the whole network's bisection bandwidth
  double mean_packet_flits = 0;
  int64_t warmup_packets = 0, packets = 1000;  // per node of the class
};

struct MeshExperiment {
  std::vector<int> radices;
  bool torus = false;  // network.topology torus: wraparound in every dimension
  bool hexagonal = false;  // network.topology hexagonal: radices[0] is the edge
  MeshGeometry geometry() const {
    return hexagonal ? MeshGeometry::hexagonal(radices.front()) : MeshGeometry(radices, torus);
  }
  int packet_flits = 0;  // L: traffic.packet_flits (with varying lengths, the longest, which FIFOs are sized by)
  double mean_packet_flits = 0;  // the mean length (L where it is fixed): what the load and the throughput count
  double load = 0;       // A (from the gaps' parameters where they set the rate)
  MeshStreamSpec stream;
  // Traffic classes: their streams replace `stream` (and `load` is theirs together).
  std::vector<TrafficClassSpec> classes;
  RouterImpl impl = RouterImpl::ref;  // ref: Pertel's packet-level model; systemc, rtl: the flit-level network
  int fifo_packets = 0;  // router.fifo_packets (0: the FIFO is given in flits, or unbounded)
  RefParams ref;
  WormholeNetworkParams flit;  // systemc and rtl (some or all routers RTL)
  MeshLinkTiming links;        // the wires: lengths, delays, the synchronous cycle's stretch
  // network.overrides: its links and failures (also in flit.link_overrides and flit.router.faults),
  // and the ordered pairs the routing then has no way for (their packets are counted, not sent).
  std::optional<NetworkOverrides> overrides;
  int64_t unreachable_pairs = 0;
  std::vector<std::pair<uint32_t, uint32_t>> unreachable_examples;  // the first few
  // traffic.workload closed_loop: Chittor's base loop over the graph in stream.pattern (the
  // open-loop stream then injects nothing).
  std::optional<ClosedLoopSpec> closed_loop;
  // traffic.workload trace: the trace replayed (the open-loop stream then injects nothing).
  std::optional<TraceReplaySpec> replay;
  std::string rtl_sources;  // router.rtl_sources: the RTL nodes' .sv files (empty: kncsim's own)
  bool rtl_monitors = true;  // verify.monitors: a protocol monitor on each RTL router's pins
  int64_t drain_cycles = 0;  // verify.drain_cycles: after the run, stop injecting and drain (0: no drain)
  // The Verilated router models the RTL nodes use (attach_rtl names them and sets
  // flit.rtl_factory: built or loaded from the model cache when the network is built; kncsim
  // rtl build builds them ahead).
  std::vector<ModelSpec> rtl_models;
  // energy.technology / energy.table: how the run's activity is priced (the models count it:
  // ref.payload and flit.payload); none: no energy accounting.
  std::optional<EnergyModel> energy;
};

// Scott & Goodman's rings: the design (for the closed forms), the simulated network's
// parameters, and the workload, offered as traffic.load of the eq 13/14 maximum.
struct RingsExperiment {
  RingsDesign design;
  RingsAnalytic analytic;
  SciParams params;
  RouterImpl impl = RouterImpl::ref;  // ref: the reference ring model; systemc, rtl: the SciNode network
  SciTrace trace;
  SciRtl rtl;                // nodes and binding; attach_rtl sets its maker
  std::string rtl_sources;   // router.rtl_sources
  std::vector<ModelSpec> rtl_models;  // the RTL nodes' models (attach_rtl; kncsim rtl build builds them)
  RingTrafficSpec traffic;
  // traffic.workload trace: the trace replayed in place of `traffic`; a packet of at most
  // replay_address_flits flits goes as an address packet, a longer one as a data packet.
  std::optional<TraceReplaySpec> replay;
  int replay_address_flits = 0;
  RingWindow window;
  RingMeasureContext measure;
  double load = 0;     // A: of the eq 13/14 maximum
  double offered = 0;  // bits per simulated cycle per node
  bool drain = false;  // fixed: no new messages after run.cycles, and the network drains
  int64_t verify_drain = 0;  // verify.drain_cycles: drain this long at most, and every message must arrive
  // verify.coverage: the ring coverage points the RTL nodes' monitors mark (attach_rtl makes it)
  std::shared_ptr<SciCoverage> coverage;
  std::optional<EnergyModel> energy;  // energy.technology / energy.table (params.payload counts)

  // Messages the whole network generates per cycle (requests and their replies).
  double messages_per_cycle() const {
    return traffic.rate * double(analytic.nodes) * (traffic.request_response ? 2 : 1);
  }
};

struct ExperimentSpec {
  RouterImpl impl = RouterImpl::ref;  // also in each topology's spec
  NetworkTopology topology_kind = NetworkTopology::mesh;
  Workload workload = Workload::open;
  RunSizing sizing;  // what the memory estimate reads
  ConvergenceSpec convergence;
  bool second_thread = false;  // run.threads: the mesh's injection stream on its own thread
  bool statistics = true;      // run.statistics: full (or history)
  bool history = false;        // run.statistics: history
  // verify.random_initial_state: the RTL nodes start with random registers and memories, drawn
  // from this seed (a register the reset leaves out then shows); < 0: zeros
  int64_t rtl_random_state = -1;
  std::variant<MeshExperiment, RingsExperiment> topology;
  RunOutputs outputs;                    // the files a run writes besides its JSON
  std::vector<std::string> warnings;     // combinations that run, but not as the user may think
  nlohmann::ordered_json config;         // every key resolved, as the result records it (captured here, once)
  bool memory_checked = false;  // by decode's before_tables (a run's memory check), or by prepare_run
  bool prepared = false;  // experiment/'s prepare_run: its memory checked, its RTL nodes' models attached
};

// Checks the rules between keys and decodes every key, in one pass: the spec and its warnings,
// or a ConfigError naming the key and the values allowed.
ExperimentSpec decode(const Config& c, const BeforeTables& before_tables = {});


}  // namespace kncsim
