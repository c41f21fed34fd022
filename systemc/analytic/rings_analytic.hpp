#pragma once
// Closed-form figures of Scott & Goodman's pipelined k-ary n-cube of unidirectional SCI-style
// rings (1991): link width under the three design constraints, decode cycles (eq 2), the
// wire embedding of n logical dimensions in 3 physical ones (§2.2.1, eqs 5-6), unloaded
// latency for pipelined (eq 4) and synchronous (eq 8) links, and maximum throughput
// (eqs 9-14). All times are in switch cycles, not including wire delay.
#include <string>
#include <vector>

namespace kncsim {

// Scott & Goodman's four network variants (section 2.3), the values of link.mode: pipelined is
// PipeAvg (each wire its own delay, eq 4), synchronous is Synch (eq 8), pipelined_max is PipeMax
// (every wire the longest's delay, eq 5), unit_delay is UnitDelay (every wire one cycle).
enum class RingLinkMode { pipelined, synchronous, pipelined_max, unit_delay };
enum class RingConstraint { link_width, node_size, bisection };

struct RingsDesign {
  int dims = 4;                    // n
  int radix = 8;                   // k
  RingLinkMode mode = RingLinkMode::pipelined;
  RingConstraint constraint = RingConstraint::link_width;
  int width_bits = 32;             // W under link_width
  int node_wires = 192;            // wires per node under node_size (W = node_wires / 2n)
  long bisection_wires = 0;        // under bisection; 0 = a hypercube's, 4N (eq 7: W = 2k)
  double switch_to_wire = 2;       // S: switch cycle time over the base wire delay
  int t_pass = 1, t_switch = 2;    // cycles to continue on a ring / to enter one
  int address_bits = 128, data_bits = 640, echo_bits = 64;
  double data_fraction = 0.3;      // f_data
};

struct PacketLatency {
  int flits;                       // P = ceil(bits / W), eq 1
  double unloaded_cycles;          // eq 4 (pipelined) or eq 8 (synchronous)
};

struct RingsAnalytic {
  long nodes;                      // N = k^n
  int width_bits;                  // W after the constraint
  long wires_per_node;             // 2nW
  long bisection_wires;            // 2W k^(n-1)
  int decode_cycles;               // eq 2: ceil(log2 N / W)
  std::vector<double> wire_lengths;  // per logical dimension, in base (3D neighbour) wire lengths
  std::vector<int> wire_cycles;    // per dimension, as the variant has it: ceil(length / S), the max, or 1
  double mean_wire_cycles;         // their mean, used by eq 4
  int max_wire_cycles;             // eq 5: ceil(k^(n/3-1) / S), at least ceil(1/S)
  double cycle_time_increase;      // synchronous: 1 + longest wire / S (eq 14); pipelined: 1
  PacketLatency address, data, echo;
  double round_trip_cycles;        // address + data packet, the paper's "round trip"
  double round_trip_max_wire_cycles;  // the same, every wire given the maximum delay
  double max_throughput;           // bits/cycle/processor: eq 13, or eq 14 when synchronous
};

// W from the design's constraint (eq 7 for bisection); may be 0 when the constraint rounds down.
long rings_link_width(const RingsDesign& d);
RingsAnalytic rings_analytic(const RingsDesign& d);
// Unloaded one-way latency of a packet of `bits` on the design analysed as `a` (eq 4 or 8).
PacketLatency rings_packet_latency(const RingsDesign& d, const RingsAnalytic& a, int bits);
const char* to_string(RingLinkMode m);
// link.mode's word (one of to_string's; the schema holds the rest out).
RingLinkMode ring_link_mode(const std::string& word);
const char* to_string(RingConstraint c);

}  // namespace kncsim
