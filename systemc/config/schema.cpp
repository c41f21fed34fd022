#include "config/schema.hpp"

#include <fmt/format.h>

namespace kncsim {
namespace {
constexpr double kNoMax = -1;
// SCI queue sizes and packet lengths stay within the ring model's int counters and its 16-bit
// flit numbers (a packet of at most 65535 bits has at most 65535 flits at W >= 1).
constexpr double kMaxQueueFlits = 1 << 24;
constexpr double kMaxPacketBits = 65535;
}

const std::vector<KeySpec>& config_schema() {
  using K = KeyKind;
  static const std::vector<KeySpec> schema = {
      {"network.dims", K::integer, {}, 1, false, 24, "2", "d (n): number of dimensions"},
      {"network.radix", K::integers, {}, 2, false, 65535, "8",
       "R: nodes per dimension, or a list with one radix per dimension"},
      {"network.topology", K::choice, {"mesh", "torus", "rings", "hexagonal"}, 0, false, kNoMax, "mesh",
       "k-ary n-cube wiring: mesh (wormhole routers); torus = a mesh with bidirectional wraparound in every "
       "dimension (wormhole routers, systemc); rings = unidirectional rings, one per dimension (Scott & Goodman's "
       "pipelined k-ary n-cube, router.model: sci); hexagonal = PP-MESS-SIM's C-wrapped hexagonal mesh of edge "
       "network.radix (3e(e-1)+1 nodes, six neighbours each, dimension order over its three axes; wormhole "
       "routers, systemc only, network.dims 2)"},
      {"network.overrides", K::text, {}, 0, false, kNoMax, "",
       "a file of per-link and per-node exceptions (systemc, without RTL nodes), one a line: 'link NODE PORT delay "
       "CYCLES', 'link NODE PORT width 1/K' (a flit every K cycles), 'link NODE PORT failed', 'node NODE failed'; "
       "NODE a number or (x,y,..), PORT +x, -x, +y, ..; failures: dor routes only pairs whose path is whole, "
       "adaptive and oblivious routing take a surviving minimal path; pairs left with no way are reported at "
       "start-up and their packets counted, not sent (docs/models/pp-mess-sim.md)"},
      {"network.wiring", K::choice, {"straight", "folded"}, 0, false, kNoMax, "straight",
       "torus: where a dimension's nodes sit along their axis: straight = in coordinate order (one wraparound wire "
       "spans the row); folded = interleaved (0, R-1, 1, R-2, ..), so that no wire spans more than two neighbours"},
      {"router.model", K::choice, {"wormhole", "sci"}, 0, false, kNoMax, "wormhole",
       "router family: wormhole = NDF/Symult/Mosaic-style input-FIFO crossbar router; sci = SCI-style ring "
       "interfaces (network.topology: rings)"},
      {"router.ring_buffer_flits", K::integer_or_choice, {"default"}, 1, false, kMaxQueueFlits, "default",
       "sci: ring buffer (bypass) size in flits; default = 100 bytes (Scott & Goodman 3.2)"},
      {"router.input_queue_flits", K::integer_or_choice, {"default"}, 1, false, kMaxQueueFlits, "default",
       "sci: input queue size in flits (per dimension); default = 100 bytes"},
      {"router.output_queue_flits", K::integer_or_choice, {"default"}, 1, false, kMaxQueueFlits, "default",
       "sci: output queue size in flits (per dimension); default = 100 bytes"},
      {"router.active_buffer_packets", K::integer_or_choice, {"unbounded"}, 1, false, 1 << 20, "unbounded",
       "sci: packets each ring interface's active buffer holds until their echo returns (a nacked one stays and "
       "is sent again); a full one stalls the output queue (nothing is dropped). RTL ring nodes: 1..8"},
      {"router.sci_accept", K::choice, {"whole_packet", "stomp"}, 0, false, kNoMax, "whole_packet",
       "sci: when a packet leaving a ring enters the input queue: whole_packet = only with room for all of it at its "
       "head, else nacked; stomp = flit by flit, nacked (its echo stomped) only if the queue fills (Scott & Goodman "
       "4.3, the SCI standard)"},
      {"router.t_pass", K::integer, {}, 1, false, 1000, "1", "sci: cycles to continue on a ring (T_pass)"},
      {"router.t_switch", K::integer, {}, 1, false, 1000, "2",
       "sci: cycles to enter a ring from the CPU or another dimension (T_switch)"},
      {"router.impl", K::choice, {"ref", "systemc", "rtl", "single_node"}, 0, false, kNoMax, "ref",
       "ref = Pertel's exact packet-level model (rings: the reference SCI ring model); systemc = flit-level "
       "SystemC routers and links; rtl = every node a Verilated RTL block on the same links (the wormhole router; rings: the SCI ring node); "
       "single_node = rings: Scott & Goodman 3.1's model, one node at the arrival rates the network implies, iterated "
       "on eq 15, latency by eq 16 (any N at the cost of one node; run.convergence ci; docs/models/sci.md)"},
      {"router.rtl_nodes", K::integers, {"none"}, 0, false, 16777215, "none",
       "systemc: these nodes are Verilated RTL blocks (routers or ring nodes), the rest SystemC (a mixed network)"},
      {"router.rtl_sources", K::text, {}, 0, false, kNoMax, "",
       "RTL nodes: a directory of .sv files (and .vlt waivers) with the family's top and ports (kncsim_router_top, "
       "systemc/rtl_adapt/router_ports.def; rings: kncsim_sci_node_top, sci_node_ports.def), Verilated into the "
       "model cache instead of rtl/wormhole/ (rtl/sci/); empty: kncsim's own"},
      {"router.rtl_binding", K::choice, {"direct", "signals"}, 0, false, kNoMax, "direct",
       "RTL routers: direct = C++ model (verilator --cc) evaluated by the adapter, fastest; signals = "
       "SystemC-mode model (verilator --sc) on sc_signal pins. Same results; nodes in trace.nodes use signals"},
      {"router.routing", K::choice, {"dor", "adaptive", "oblivious", "deflection"}, 0, false, kNoMax, "dor",
       "dor = dimension order (SNS); adaptive = minimal adaptive: the first free profitable output (ANS; with "
       "router.selection, the selection's first free one); oblivious = minimal, one output a hop chosen by "
       "router.selection (systemc, meshes); deflection = minimal outputs first, then nonminimal ones, at most "
       "router.deflections a packet (systemc, meshes; docs/models/pp-mess-sim.md)"},
      {"router.selection", K::choice, {"auto", "dimension_order", "random", "diagonal", "least_congested"}, 0, false,
       kNoMax, "auto",
       "the order a head considers its outputs in (PP-MESS-SIM's selection functions): dimension_order = the lowest "
       "dimension first; random = drawn per packet and hop; diagonal = the dimension with the most hops left first; "
       "least_congested = the output with the fewest busy virtual channels first. auto = Pertel's ANS for adaptive, "
       "dimension_order otherwise"},
      {"router.deflections", K::integer, {}, 0, false, 1000000, "1",
       "router.routing deflection: the nonminimal hops a packet may take (its route is then at most distance + 2 x "
       "this hops: no livelock)"},
      {"router.vcs", K::integer, {}, 1, false, 8, "1",
       "virtual channels per link (systemc), each with an input FIFO of router.fifo_flits or fifo_packets; a "
       "torus's datelines take 2 (dimension order: one class until the wraparound, the other after)",
       "the router's channel masks hold (2 network.dims + 1) x router.vcs <= 63 channels"},
      {"router.arbitration", K::choice,
       {"priority_token", "round_robin", "oldest_first", "fifo_fixed", "fifo_lru", "biased_priority", "message_source"},
       0, false, kNoMax, "priority_token",
       "who gets an output channel (and, with virtual channels, the crossbar): priority_token = Pertel's rotating "
       "token (the listings); round_robin; oldest_first = the oldest packet (Chittor 5.6.5's time stamps). Chittor's "
       "other queue policies (systemc only; the crossbar then goes round robin): fifo_fixed = the head that asked first, "
       "ties by port (local first); fifo_lru = ties to the port that least recently asked for the output; "
       "biased_priority = the lowest priority number, from router.bias_local and router.bias_network, less 1 for each "
       "lost cycle; message_source = the source nearest after the output's clock hand (the last winner's source)"},
      {"router.fifo_full_policy", K::choice, {"wait", "assign_blocked", "abort"}, 0, false, kNoMax, "wait",
       "an output whose far FIFO is full (Pertel's finite-buffer models; ref and systemc, bounded FIFOs): wait = it is "
       "busy, never assigned (model 2, FNS); assign_blocked = it counts as free, and a head assigned to it holds it and "
       "waits for room (model 1); abort = it counts as free, and the assignment is dropped once the full FIFO is seen, "
       "the priority token having moved (model 3)"},
      {"router.misroute_on_full", K::choice, {"off", "on"}, 0, false, kNoMax, "off",
       "Pertel's deadlock avoidance without restricted routing (SNS section 3; ref, bounded router.fifo_packets, "
       "router.fifo_full_policy wait): on = the head of a full FIFO that finds no profitable output free takes any free "
       "output whose FIFO has room, the local one included; a packet left at a node not its own re-enters from that "
       "node's injection queue, ahead of the packets waiting there. Results count misrouted hops and dejections"},
      {"router.bias_local", K::integer, {}, 0, false, 1000, "9",
       "router.arbitration biased_priority: the local (injection) port's base priority; lower wins (Chittor's 9: "
       "traffic passing through goes first)"},
      {"router.bias_network", K::integer, {}, 0, false, 1000, "4",
       "router.arbitration biased_priority: the network ports' base priority (Chittor's 4)"},
      {"router.allow_deadlock", K::choice, {"false", "true"}, 0, false, kNoMax, "false",
       "true = run a routing that can deadlock (a torus's rings close cycles of channels), for studies; the "
       "deadlock watchdog (run.deadlock_cycles) then reports the waiting cycle. false = refuse it"},
      {"router.fifo_packets", K::integer_or_choice, {"unbounded"}, 1, false, kNoMax, "unbounded",
       "input FIFO capacity in packets of L flits (FNS's Q); injection queues stay unbounded"},
      {"router.fifo_flits", K::integer_or_choice, {"unbounded"}, 1, false, kNoMax, "unbounded",
       "input FIFO capacity in flits (systemc); set this or router.fifo_packets, not both"},
      {"router.flow_control", K::choice, {"cut_through", "wormhole", "packet", "hybrid"}, 0, false, kNoMax,
       "cut_through",
       "the switching scheme (finite FIFOs): cut_through = a head needs room for its whole packet (virtual "
       "cut-through; FNS); wormhole = one free flit slot; packet = packet switching: cut_through, and a packet leaves "
       "a node only once its tail has arrived there (also with unbounded FIFOs); hybrid = wormhole, but a blocked "
       "packet spanning router.hybrid_hops links or more is buffered where its head waits (systemc; "
       "docs/models/pp-mess-sim.md)"},
      {"router.hybrid_hops", K::integer, {}, 1, false, 1000000, "2",
       "router.flow_control hybrid: h, a blocked packet spanning fewer links stalls in place (wormhole), one spanning "
       "h or more is buffered"},
      {"router.buffer_packets", K::integer, {}, 1, false, 1000000, "1",
       "router.flow_control hybrid: packet buffers per router, each holding one blocked packet until its tail leaves; "
       "with all of them taken a blocked packet stalls"},
      {"router.routing_delay", K::integer, {}, 0, false, 1000, "0",
       "cycles from a head reaching the FIFO front to its first output request (systemc)"},
      {"router.packet_format", K::choice, {"absolute", "hop_count"}, 0, false, kNoMax, "absolute",
       "absolute = the head carries the destination; hop_count = Symult: one header flit per dimension "
       "with its hop count, stripped when the dimension is done (dor; the L flits include the d headers)"},
      {"router.fifo_check", K::choice, {"in_order", "registered"}, 0, false, kNoMax, "in_order",
       "ref with finite FIFOs: in_order = FNS as listed (sees neighbours evaluated earlier this cycle); "
       "registered = occupancy at the start of the cycle, as the SystemC model and hardware"},
      {"link.delay", K::integers, {"auto"}, 1, false, 1000, "auto",
       "wire delay in cycles, flits and credits alike: auto = from link.embedding (pipelined: ceil(length / S) per "
       "dimension, 1 for the default uniform embedding; synchronous: 1); one delay for every link, or a list of "
       "network.dims (one per dimension)"},
      {"link.embedding", K::choice, {"auto", "uniform", "planar", "cube"}, 0, false, kNoMax, "auto",
       "the layout wire lengths come from: uniform = every dimension its own physical axis (all wires length 1); "
       "planar = the dimensions folded onto 2 axes; cube = onto 3 (Scott & Goodman 2.2.1); auto = uniform for a "
       "mesh, cube for rings"},
      {"link.kind", K::choice, {"pipelined", "handshake"}, 0, false, kNoMax, "pipelined",
       "pipelined = wire registers + credits; handshake = Symult: one flit per ack, 1 flit per 2*delay cycles"},
      {"link.mode", K::choice, {"pipelined", "synchronous", "pipelined_max", "unit_delay"}, 0, false, kNoMax, "pipelined",
       "Scott & Goodman's four variants (2.3): pipelined (PipeAvg) = each link's delay is its own wire length / S, "
       "rounded up; synchronous (Synch) = every link takes one cycle, stretched to the longest wire's 1 + length / S "
       "(latencies also given in switch cycles); pipelined_max (PipeMax) = every link the longest wire's delay; "
       "unit_delay (UnitDelay) = every link one cycle of wire, whatever its length"},
      {"link.switch_to_wire_ratio", K::number, {}, 0, true, kNoMax, "2",
       "S, switch cycle time over the wire delay of a neighbour link in the physical layout",
       "S is the ratio of switch cycle time to wire transmission delay, and a wire takes ceil(length / S) cycles: "
       "Scott & Goodman, section 2.2.1"},
      {"link.constraint", K::choice, {"link_width", "node_size", "bisection"}, 0, false, kNoMax, "link_width",
       "rings: what fixes W: link_width = link.width_bits; node_size = link.node_wires / 2n; bisection = "
       "k * link.bisection_wires / 2N (eq 7)"},
      {"link.width_bits", K::integer, {}, 1, false, 65536, "32", "rings: W, bits per link (link_width constraint)"},
      {"link.node_wires", K::integer, {}, 2, false, 1 << 30, "192", "rings: wires per node (node_size constraint)"},
      {"link.bisection_wires", K::integer_or_choice, {"hypercube"}, 1, false, 0x1p40, "hypercube",
       "rings: wires across the bisection (bisection constraint); hypercube = 4N, i.e. W = 2k (Figure 5c)"},
      {"traffic.data_fraction", K::number, {}, 0, false, 1, "0.3",
       "rings: f_data, the fraction of messages that are data packets (the rest address packets)"},
      {"traffic.workload", K::choice, {"open", "request_response", "closed_loop", "trace"}, 0, false, kNoMax, "open",
       "open = packets at the offered load (rings: f_data of them data packets); request_response (rings) = "
       "address packets, each answered by a data packet from its destination (round trips); closed_loop (mesh, "
       "torus; systemc and rtl routers) = Chittor's base loop at every process of the pattern's graph (graph, or "
       "a pattern's own: transpose pairs (i, j) with (j, i)): send a message to each neighbour, receive one from "
       "each, compute (see traffic.loop_classes); trace (meshes, tori, rings) = traffic.trace_file's packets replayed, each "
       "entering at its cycle or, with traffic.trace_dependencies on, 2 cycles after the last packet it waits for "
       "is delivered, if later; the run ends with its last delivery"},
      {"traffic.trace_file", K::text, {}, 0, false, kNoMax, "",
       "trace: the trace replayed (a Netrace .tra.bz2 file, or a text trace: see traffic.trace_format)"},
      {"traffic.trace_format", K::choice, {"netrace", "text"}, 0, false, kNoMax, "netrace",
       "trace: netrace = the booksim/netrace format (bzip2; a packet of B bytes is ceil(8 B / energy.flit_bits) "
       "flits, plus router.packet_format hop_count's headers); text = a packet a line, 'cycle src dst flits [id "
       "[dep ...]]' (flits: its whole length), # comments"},
      {"traffic.trace_dependencies", K::choice, {"on", "off"}, 0, false, kNoMax, "on",
       "trace: on = a packet waits until the packets it depends on are delivered (it enters 2 cycles after the last "
       "tail, if that is after its own cycle); off = every packet enters at its own cycle"},
      {"traffic.trace_placement", K::text, {}, 0, false, kNoMax, "",
       "trace, Netrace: where node types sit apart from their trace node's place: a file of 'TYPE TRACE_NODE "
       "NETWORK_NODE' lines, TYPE one of l1d, l1i, l2, mc (e.g. 'mc 2 64': trace node 2's memory controller on node "
       "64); endpoints without a line go where traffic.mapping puts their trace node; empty = none"},
      {"traffic.trace_region", K::integer_or_choice, {"start"}, 0, false, 1e9, "start",
       "trace, Netrace: start at this region (0, 1, ..; its first packet's cycle becomes cycle 0); start = the "
       "trace's first packet"},
      {"traffic.trace_cycles", K::integer_or_choice, {"all"}, 1, false, 1e15, "all",
       "trace: replay only the packets whose cycle (with traffic.trace_region, counted from the region's first "
       "packet) is below this; all = every packet to the trace's end"},
      {"traffic.loop_classes", K::choice, {"ab", "aa", "shell"}, 0, false, kNoMax, "ab",
       "closed_loop: aa = every node sends, receives, then computes; ab = the graph's two colour classes (it must "
       "be bipartite; the lowest node of each connected part is A): A as aa, B receives, sends, then computes; "
       "shell = Chittor's simulator shell (chapter 5): for each neighbour in turn, compute, send, wait until the "
       "message has arrived (messages are received without a step; edges may run one way)"},
      {"traffic.compute_cycles", K::integer, {}, 0, false, 1e12, "1000",
       "closed_loop: c̄, mean computation per loop (shell: before each message)"},
      {"traffic.compute", K::choice, {"uniform", "fixed"}, 0, false, kNoMax, "uniform",
       "closed_loop: uniform = c drawn per (node, loop; shell: and message) on the integers 0..2c̄; fixed = c̄"},
      {"traffic.message_flits", K::integer, {}, 1, false, 1e9, "256", "closed_loop: M, payload flits per message"},
      {"traffic.packet_payload_flits", K::integer_or_choice, {"unlimited"}, 1, false, 1000000, "256",
       "closed_loop: messages are cut into packets of at most this many payload flits (the Symult's 256 bytes); "
       "unlimited = one packet a message"},
      {"traffic.loop_destinations", K::choice, {"graph", "random"}, 0, false, kNoMax, "graph",
       "closed_loop: where messages go. graph = to the process graph's neighbours; random = the shell's each message "
       "to a node drawn uniformly among the others, one message a loop, every node sending (Chittor 5.6.4's uniform "
       "reference, Fig. 5.12; traffic.pattern uniform)"},
      {"traffic.packet_gap_cycles", K::integer, {}, 0, false, 1000000, "0",
       "closed_loop, messages of several packets: G, the cycles between one packet's last flit, at the full injection "
       "rate, and the next packet's hand-over (Chittor 5.6.3's processing overhead per packet: packet k + 1 is handed "
       "to the interface its length plus G cycles after packet k); 0 = a message's packets are handed over together"},
      {"traffic.send_overhead_cycles", K::number, {}, 0, false, 1e12, "0",
       "closed_loop: α_s, the sender's fixed cost per message (its processor is busy)"},
      {"traffic.send_overhead_cycles_per_flit", K::number, {}, 0, false, 1e6, "0",
       "closed_loop: β_s, the sender's cost per payload flit"},
      {"traffic.receive_overhead_cycles", K::number, {}, 0, false, 1e12, "0",
       "closed_loop: α_r, the receiver's fixed cost per message, once it has arrived"},
      {"traffic.receive_overhead_cycles_per_flit", K::number, {}, 0, false, 1e6, "0",
       "closed_loop: β_r, the receiver's cost per payload flit"},
      {"traffic.node_channel", K::choice, {"duplex", "half_duplex"}, 0, false, kNoMax, "duplex",
       "closed_loop: duplex = a node's network interface sends and receives at once; half_duplex = the "
       "Symult's one processor-to-router channel: a message holds its sender's and its receiver's from the "
       "start of its send to the end of its receive overhead (run as it arrives), one message at a time"},
      {"traffic.warmup_loops", K::integer, {}, 0, false, 1e9, "2", "closed_loop: loops each node runs unmeasured"},
      {"traffic.loops", K::integer, {}, 1, false, 1e9, "20",
       "closed_loop: loops measured at each node; the run ends when every node has run them"},
      {"link.corrupt_rate", K::number, {}, 0, false, 1, "0",
       "rings: probability a packet is damaged on a link; its CRC fails where it leaves the ring, and it is nacked"},
      {"traffic.address_bits", K::integer, {}, 1, false, kMaxPacketBits, "128", "rings: address packet length in bits"},
      {"traffic.data_bits", K::integer, {}, 1, false, kMaxPacketBits, "640", "rings: data packet length in bits"},
      {"traffic.echo_bits", K::integer, {}, 1, false, kMaxPacketBits, "64", "rings: echo / nack packet length in bits"},
      {"traffic.pattern", K::choice,
       {"uniform", "transpose", "bit_complement", "bit_reversal", "hotspot", "nearest_neighbour", "graph",
        "dimension_rotation", "hop_uniform"},
       0, false, kNoMax, "uniform",
       "destinations: uniform = all N nodes equally likely, the source included; others map them (transpose = "
       "dimension reversal; dimension_rotation = the coordinates rotated by traffic.rotation; hop_uniform = i hops "
       "away with probability traffic.hop_probabilities[i-1]); graph = each process sends to one of its "
       "traffic.graph neighbours, equally likely (a node without a process, or whose process sends to no one, "
       "injects nothing)"},
      {"traffic.rotation", K::integer, {}, 1, false, 23, "1",
       "dimension_rotation: (x0, .., x_{d-1}) goes to (x_r, .., x_{d-1}, x0, .., x_{r-1}) for r = this"},
      {"traffic.hop_probabilities", K::numbers, {"none"}, 0, false, 1, "none",
       "hop_uniform: [p1, p2, ...], p_i = probability of a destination i hops away (uniform among those nodes), "
       "summing to 1 (PP-MESS-SIM's HopUniform; a node with no node i hops away draws among its own distances)"},
      {"traffic.mru_stack", K::numbers, {"none"}, 0, false, 1, "none",
       "[p1, .., pk]: a most-recently-used destination stack of k at every node on top of traffic.pattern: with "
       "probability p_i the i-th most recent destination (while the stack holds i), else the pattern's; sum at most "
       "1 (PP-MESS-SIM's target_stack); none = no stack"},
      {"traffic.packet_length", K::choice, {"fixed", "uniform", "discrete"}, 0, false, kNoMax, "fixed",
       "packet lengths: fixed = traffic.packet_flits; uniform = traffic.packet_length_params [a, b], whole flits a..b "
       "equally likely; discrete = [p1, l1, p2, l2, ...], l_i flits with probability p_i (PP-MESS-SIM's "
       "Discrete(0.7,16,0.3,12): [0.7, 16, 0.3, 12]). traffic.load counts the mean length"},
      {"traffic.packet_length_params", K::numbers, {"none"}, 0, false, 1 << 20, "none",
       "traffic.packet_length uniform or discrete: its parameters"},
      {"traffic.interarrival", K::choice, {"bernoulli", "exponential", "uniform", "normal", "two_stage_normal"}, 0, false,
       kNoMax, "bernoulli",
       "gaps between a node's packets (PP-MESS-SIM's Table 3): bernoulli = a coin of q = 4A/(R L) each cycle "
       "(traffic.stream's order); the others a renewal process per node, counter-based on traffic.seed: exponential "
       "(Poisson arrivals), uniform [a, b] (whole cycles; a = b periodic), normal [mu, sigma], two_stage_normal [p, "
       "mu1, sigma1, mu2, sigma2] (bursts: the first with probability p); a normal gap below 0 counts as 0"},
      {"traffic.interarrival_params", K::numbers, {"auto"}, 0, false, 1e12, "auto",
       "the gaps' parameters in cycles as Table 3 writes them (exponential [mean], uniform [a, b], normal [mu, sigma], "
       "two_stage_normal [p, mu1, sigma1, mu2, sigma2]); they then set the rate, and traffic.load is reported from "
       "them. auto = from traffic.load: exponential [1/q], uniform [1/q, 1/q] (periodic; normal and two_stage_normal "
       "need their parameters)"},
      {"traffic.hotspot_probabilities", K::numbers, {"none"}, 0, false, 1, "none",
       "hotspot: one probability per traffic.hotspot_nodes node (PP-MESS-SIM's Discrete {n_i, p_i}), summing to at "
       "most 1, the rest uniform; none = traffic.hotspot_fraction split equally"},
      {"traffic.graph", K::choice, {"mesh2d", "mesh3d", "binary_tree", "hypercube", "ring", "pairs", "file"}, 0, false, kNoMax,
       "mesh2d",
       "pattern graph: the process graph (Chittor's G_p), each edge both ways; file = traffic.graph_file"},
      {"traffic.graph_shape", K::integers, {"auto"}, 1, false, 16777216, "auto",
       "pattern graph: mesh2d [a, b]; mesh3d [a, b, c]; binary_tree [processes]; hypercube [dimensions]; ring "
       "[processes]; pairs [processes] (2k talks to 2k+1: Chittor's 1NN peers). auto = as many processes as nodes (a tree of 2^k - 1 on 2^k nodes, the largest hypercube "
       "that fits, meshes as square as N's factors allow)"},
      {"traffic.graph_file", K::text, {}, 0, false, kNoMax, "",
       "traffic.graph file: an edge list ('processes N', then 'u v' for both ways or 'u -> v' per line, # comments)"},
      {"traffic.mapping", K::choice, {"identity", "random", "random_lcg_low_bits", "gordon", "youn_singh", "planes_in_a_row", "folded_planes", "file"}, 0, false, kNoMax,
       "identity",
       "pattern graph: where the processes run (one per node at most): identity = process p on node p (for a "
       "hypercube graph, Chittor's careful mapping: chi_max = floor(2 sqrt(N)/3)); random = distinct nodes drawn with "
       "traffic.mapping_seed; random_lcg_low_bits = each process to node rand() % N, drawn again while taken, rand() "
       "being traffic.mapping_generator seeded with traffic.mapping_seed (a C program of 1991's way; a hypothesis for "
       "Chittor's Table 3.2); gordon = a binary tree as an H-tree on a 2D mesh, every edge on channels of its own "
       "(chi_max 1, nu_max 0; Chittor 3.5.1); youn_singh = a binary tree in Youn and Singh's tiles, 2^h - 1 processes "
       "on 2^h nodes of a 2D mesh with every edge's own path (chi_max 2 on those paths, which kncsim contention "
       "reports beside dimension order's; the networks route by dimension order, as Chittor's simulations did; "
       "Chittor 3.5.1, Fig. 3.11); planes_in_a_row = a mesh3d graph's a x b planes side by side along a row "
       "of a 2D mesh, no node spare (Chittor 3.5.2's scheme A: chi_max = a + 1); folded_planes = each a x b plane folded "
       "into 2a x ceil(b/2) nodes (the fold's rows interleaved), the planes stacked (scheme B: chi_max = ceil(b/2) + 1, "
       "spare nodes when b is odd); file = traffic.mapping_file"},
      {"traffic.mapping_generator", K::choice, {"bsd_rand", "lcg69069"}, 0, false, kNoMax, "bsd_rand",
       "traffic.mapping random_lcg_low_bits: its rand(): bsd_rand = 4.3BSD's x <- 1103515245 x + 12345 mod 2^31; "
       "lcg69069 = x <- 69069 x + 1 mod 2^32"},
      {"traffic.mapping_file", K::text, {}, 0, false, kNoMax, "",
       "traffic.mapping file: one line 'process node' per process"},
      {"traffic.mapping_seed", K::integer, {}, 0, false, 9223372036854775807.0, "1",
       "traffic.mapping random: its seed; random_lcg_low_bits: srand's, 0..4294967295"},
      {"traffic.phases", K::integers, {"none"}, 1, false, 1e12, "none",
       "meshes and tori: [on, off] = the sources inject in the first `on` cycles of every on + off and not in the "
       "rest (bursts; traffic.load is the on phases' load); none = always"},
      {"traffic.hotspot_nodes", K::integers, {}, 0, false, 16777215, "0", "hotspot: the hot node(s)"},
      {"traffic.hotspot_fraction", K::number, {}, 0, true, 1, "0.1",
       "hotspot: probability a packet goes to a hot node (else uniform)"},
      {"traffic.load", K::number, {}, 0, true, kNoMax, "0.3",
       "A: applied load as a fraction of bisection bandwidth; q = 4A/(R L) (a torus, whose bisection is twice a "
       "mesh's: 8A/(R L)). Rings: offered bits/cycle/processor as a fraction of the eq 13/14 maximum"},
      {"traffic.packet_flits", K::integer, {}, 1, false, 1 << 20, "32", "L: packet length in flits"},
      {"traffic.source_queue_packets", K::integer_or_choice, {"unbounded"}, 1, false, kNoMax, "unbounded",
       "packets a node's source (injection) queue holds; one generated while it is full is dropped and counted. "
       "unbounded = Pertel's semantics"},
      {"traffic.stream", K::choice, {"legacy", "counter"}, 0, false, kNoMax, "legacy",
       "legacy = the 1992 programs' drand48 order; counter = f(seed, node, cycle)"},
      {"traffic.seed", K::integer_or_choice, {"default"}, 0, false, 9223372036854775807.0, "default",
       "default = drand48's initial state; legacy: srand48(seed), 0..4294967295"},
      {"run.convergence", K::choice, {"sns4", "sns", "fixed", "ci", "packets"}, 0, false, kNoMax, "sns4",
       "sns4 = throughput then latency (Critique); sns = latency only (SNS report); fixed; ci = cut the warm-up "
       "by MSER-5, then run until T's 95% batch-means interval is within run.ci_target (recommended for curves); "
       "packets = PP-MESS-SIM's: every traffic class delivers classes.NAME.warmup_packets from each of its nodes, "
       "then collects classes.NAME.packets from each (traffic classes only)"},
      {"run.ci_target", K::number, {}, 0, true, 1, "0.05",
       "ci: the 95% interval's half-width relative to T at which the run stops"},
      {"run.saturation", K::choice, {"off", "detect"}, 0, false, kNoMax, "off",
       "detect = stop as soon as the network is seen not to carry the load (backlog growing linearly, or T past "
       "run.latency_bound), with the evidence in the result; a sweep's stop_at_saturation sets it"},
      {"run.latency_bound", K::number, {}, 0, false, kNoMax, "0",
       "with run.saturation detect: a run whose mean latency passes this many cycles is saturated (BookSim's "
       "latency_thres); 0 = no bound; a sweep's stop_at_saturation.latency_bound sets it"},
      {"run.accuracy", K::number, {}, 0, true, 1, "0.03", "sns4 ACCURACY (TOL = ACCURACY/3)"},
      {"run.tol", K::number, {}, 0, true, 1, "0.03", "sns TOL"},
      {"run.interval", K::integer, {}, 1, false, kNoMax, "1000", "sns initial INTERVAL in cycles"},
      {"run.cycles", K::integer, {}, 1, false, kNoMax, "10000", "cycles to simulate when fixed"},
      {"run.max_cycles", K::integer, {}, 1, false, kNoMax, "16777216",
       "cap: a run that would pass it stops with converged: false"},
      {"run.memory_limit", K::integer_or_choice, {"auto"}, 1, false, kNoMax, "auto",
       "MiB a run may use: a configuration whose estimated peak is larger is refused before it is built. "
       "auto = the machine's available memory (MemAvailable)"},
      {"run.deadlock_cycles", K::integer, {}, 1, false, kNoMax, "10000",
       "stop with an error when no packet moves this long while packets are buffered"},
      {"trace.vcd", K::text, {}, 0, false, kNoMax, "",
       "VCD waveform of the traced nodes' link pins (systemc); also kncsim run --vcd PATH"},
      {"trace.nodes", K::integers, {}, 0, false, 16777215, "0", "nodes whose link pins go to the VCD file"},
      {"trace.flits", K::text, {}, 0, false, kNoMax, "",
       "file for a line per flit each router or ring node sends (cycle node port vc packet seq head tail; rings: "
       "port = the ring, vc = the packet kind); kncsim diverge compares two runs' logs (systemc or rtl)"},
      {"energy.technology", K::choice, {"none", "45nm", "32nm", "22nm"}, 0, false, kNoMax, "none",
       "meshes, tori, hexagonal meshes and rings (ref, systemc): price the run's events and wires with a built-in technology table (DSENT 0.91's router and "
       "link models at 1 GHz: docs/energy.md); none = no energy accounting (unless energy.table)"},
      {"energy.table", K::text, {}, 0, false, kNoMax, "",
       "a technology table in YAML instead of a built-in one (its format: docs/energy.md); empty = none"},
      {"energy.flit_bits", K::integer, {}, 1, false, 1024, "64",
       "the wires of a link and the bits of a flit: what the router's buffers, crossbar and the wires are sized by"},
      {"energy.buffer_flits", K::integer_or_choice, {"auto"}, 1, false, 65536, "auto",
       "flits a virtual channel's buffer holds, for its energy: auto = router.fifo_flits (or router.fifo_packets x "
       "traffic.packet_flits); with unbounded FIFOs, the table's reference router's"},
      {"energy.mm_per_unit", K::number, {}, 0, true, 1e6, "1",
       "millimetres of wire per unit of the physical embedding's length (a neighbour wire of link.embedding uniform)"},
      {"energy.clock_ghz", K::number, {}, 0, true, 1e3, "1",
       "the switch clock: what turns leakage power into energy per cycle, and energy into average power"},
      {"energy.rtl_toggles", K::choice, {"off", "on"}, 0, false, kNoMax, "off",
       "RTL routers and ring nodes (router.impl rtl or router.rtl_nodes): also count every signal's toggles inside "
       "each model, by module, and price them (models that count are cache entries of their own); the result's "
       "energy.rtl_toggles puts this estimate beside the event model's, per node (docs/energy.md)"},
      {"energy.toggle_sampling", K::integer, {}, 1, false, 1 << 20, "256",
       "with energy.rtl_toggles on: count the toggles of one evaluated cycle in this many, drawn at random per node "
       "(each cycle with probability 1/N, its toggles weighted by N: an unbiased estimate at a fraction of the cost); "
       "1 = every cycle, exactly"},
      {"energy.toggle_weights", K::text, {}, 0, false, kNoMax, "",
       "with energy.rtl_toggles on: a YAML map of toggle class to pJ per toggle (storage, allocator, route, crossbar, "
       "other; a reference run's energy.rtl_toggles.weights); empty = calibrate on this run"},
      {"traffic.payload", K::choice, {"random", "zeros", "checkerboard"}, 0, false, kNoMax, "random",
       "the bits a flit's wires carry, for energy (a pure function of traffic.seed, the packet and the flit): random "
       "= each bit 0 or 1 with probability 1/2 (half the wires flip between flits); zeros = no wire ever flips; "
       "checkerboard = 0101... and 1010... in turn along a packet (every wire flips between its flits)"},
      {"run.statistics", K::choice, {"full", "basic", "history"}, 0, false, kNoMax, "full",
       "full = also latency percentiles, histograms, a 95% confidence interval, per-node rates and per-channel "
       "utilisation (JSON; kncsim run --csv DIR); basic = the listings' means only; history = full and "
       "PP-MESS-SIM's history statistics: latency by hop count and, on the flit-level wormhole network, "
       "cut-throughs (routers crossed without waiting) and blocking (cycles waited)"},
      {"run.threads", K::integer_or_choice, {"auto"}, 1, false, 2, "auto",
       "1 = single thread; 2 = draw the random stream on a second core (same results)"},
      {"verify.monitors", K::choice, {"on", "off"}, 0, false, kNoMax, "on",
       "RTL routers and ring nodes: a protocol monitor on each one's pins (routers: credits, framing, VCs, routing, "
       "headers; ring nodes: framing, passes, echoes, nacks, retransmissions, the active buffer; "
       "docs/verification.md) stops the run at the first broken rule, naming the node, port or ring and cycle; "
       "off = none (only to measure what they cost)"},
      {"verify.on_violation", K::choice, {"stop", "count"}, 0, false, kNoMax, "stop",
       "stop = the first rule a monitor finds broken stops the run (exit 1); count = every one is counted (the "
       "result's verify.violations: per rule, and the first reports) and the broken flit goes on as the design sent "
       "it, so what follows may break again (counted too) or stop the run elsewhere; exit 1 after the results are "
       "written if any was counted"},
      {"verify.random_initial_state", K::choice, {"off", "on"}, 0, false, kNoMax, "off",
       "on = the RTL nodes' registers and memories start random (drawn from traffic.seed) instead of zero, so that "
       "one the reset leaves out shows (in kncsim verify's cases, half of them)"},
      {"verify.drain_cycles", K::integer, {}, 0, false, kNoMax, "0",
       "after the run, stop injecting and run up to this many cycles until the network is empty; every packet is "
       "then delivered, or the run stops naming each one left and where its head is (wormhole mesh and torus, "
       "systemc or rtl) or what the RTL ring nodes owe (rings, run.convergence fixed); kncsim verify's scoreboard; "
       "0 = no drain"},
      {"verify.starvation_cycles", K::integer, {}, 0, false, kNoMax, "0",
       "wormhole mesh and torus (systemc, rtl): stop when a packet's head has stayed at one node (or at its source) "
       "this many cycles, naming the packet and the node; 0 = no bound"},
      {"verify.coverage", K::choice, {"off", "on"}, 0, false, kNoMax, "off",
       "RTL routers and ring nodes: their monitors mark the network's functional coverage points (turns by node "
       "class, VCs, full FIFOs, back-pressure, blocked heads, requesters; rings: passes, echoes, nacks, "
       "retransmissions, full active buffers, stomped echoes; docs/verification.md); the result's verify.coverage "
       "lists the points hit"},
  };
  return schema;
}

const std::vector<KeySpec>& class_key_schema() {
  using K = KeyKind;
  static const std::vector<KeySpec> schema = {
      {"classes.*.nodes", K::integers, {"all"}, 0, false, 16777215, "all",
       "the nodes this class's task runs on: all, or a list of nodes (PP-MESS-SIM's node blocks)"},
      {"classes.*.warmup_packets", K::integer, {}, 0, false, 1e12, "0",
       "run.convergence packets: packets this class must deliver from each of its nodes before any class "
       "collects (PP-MESS-SIM's drop)"},
      {"classes.*.vcs", K::integers, {"all"}, 0, false, 7, "all",
       "the virtual channels of each link this class may use (PP-MESS-SIM's channels of a task; classes may share "
       "them): all, or a list of VC numbers below router.vcs. It injects on its first. On a torus, dimension order "
       "needs 2 of them (datelines over its own), adaptive 3 (Duato's escape pair: its first two)"},
      {"classes.*.priority", K::integer, {}, 0, false, 7, "0",
       "channel assignment and the crossbar serve a higher priority class first, flit by flit (PP-MESS-SIM's "
       "priority_crossbar); equal priorities share by router.arbitration"},
      {"classes.*.packets", K::integer, {}, 1, false, 1e12, "1000",
       "run.convergence packets: packets this class collects from each of its nodes after the warm-up; the run "
       "ends when every class has (PP-MESS-SIM's packets)"},
  };
  return schema;
}

const std::vector<std::string>& class_traffic_keys() {
  static const std::vector<std::string> keys = {
      "load", "interarrival", "interarrival_params", "packet_flits", "packet_length", "packet_length_params",
      "pattern", "rotation", "hop_probabilities", "hotspot_nodes", "hotspot_fraction", "hotspot_probabilities",
      "mru_stack"};
  return keys;
}

const std::vector<std::pair<std::string, std::string>>& class_router_keys() {
  static const std::vector<std::pair<std::string, std::string>> keys = {
      {"routing", "router.routing"},         {"selection", "router.selection"},
      {"deflections", "router.deflections"}, {"switching", "router.flow_control"},
      {"hybrid_hops", "router.hybrid_hops"}};
  return keys;
}

bool split_class_key(const std::string& key, std::string& name, std::string& sub) {
  if (key.compare(0, 8, "classes.") != 0) return false;
  const size_t dot = key.find('.', 8);
  if (dot == std::string::npos || dot == 8 || key.find('.', dot + 1) != std::string::npos) return false;
  name = key.substr(8, dot - 8);
  sub = key.substr(dot + 1);
  return true;
}

const KeySpec* find_key(const std::string& key) {
  for (const auto& s : config_schema())
    if (s.key == key) return &s;
  std::string name, sub;
  if (!split_class_key(key, name, sub)) return nullptr;
  for (const auto& s : class_key_schema())
    if (s.key == "classes.*." + sub) return &s;
  for (const auto& k : class_traffic_keys())
    if (k == sub) return find_key("traffic." + k);
  for (const auto& [own, network] : class_router_keys())
    if (own == sub) return find_key(network);
  return nullptr;
}

std::string allowed_values(const KeySpec& s) {
  auto number = [&](const char* what) {
    std::string r = fmt::format("{} {} {:g}", what, s.min_exclusive ? ">" : ">=", s.min);
    if (s.max >= s.min) r += fmt::format(" and <= {:.15g}", s.max);
    return r;
  };
  switch (s.kind) {
    case KeyKind::integer:
      return number("an integer");
    case KeyKind::number:
      return number("a number");
    case KeyKind::choice:
      return fmt::format("one of: {}", fmt::join(s.choices, ", "));
    case KeyKind::integer_or_choice:
      return fmt::format("{} or {}", fmt::join(s.choices, ", "), number("an integer"));
    case KeyKind::integers:
      return (s.choices.empty() ? "" : fmt::format("{}, or ", fmt::join(s.choices, ", "))) + number("an integer") +
             ", or a list of them";
    case KeyKind::numbers:
      return (s.choices.empty() ? "" : fmt::format("{}, or ", fmt::join(s.choices, ", "))) + number("a number") +
             ", or a list of them";
    case KeyKind::text:
      return "a file path, or empty for none";
  }
  return {};
}

}  // namespace kncsim
