#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "link/link_params.hpp"
#include "router/fault_map.hpp"
#include "router/selection.hpp"

namespace kncsim {

// How a router chooses among heads competing for output channels (and, with virtual
// channels, among flits competing for the crossbar): Pertel's priority token, a rotating
// round robin, the oldest packet first (Chittor's time-stamped policy), or Chittor's other
// queue policies at the outputs (output_arbiter.hpp: FIFO with fixed or least-recently-requested
// ties, biased priority, message-source priority; the crossbar then goes round robin).
enum class Arbitration { priority_token, round_robin, oldest_first, fifo_fixed, fifo_lru, biased_priority, message_source };

// router.arbitration's word, for reports and refusals.
constexpr const char* to_string(Arbitration a) {
  switch (a) {
    case Arbitration::priority_token: return "priority_token";
    case Arbitration::round_robin: return "round_robin";
    case Arbitration::oldest_first: return "oldest_first";
    case Arbitration::fifo_fixed: return "fifo_fixed";
    case Arbitration::fifo_lru: return "fifo_lru";
    case Arbitration::biased_priority: return "biased_priority";
    case Arbitration::message_source: return "message_source";
  }
  return "?";
}

// What channel assignment does with an output whose far FIFO is full (Pertel's SNS report,
// section 4, finite-buffer models 2, 1 and 3):
//   wait            the output is busy until the FIFO has room: never assigned (FNS; model 2)
//   assign_blocked  the output counts as free; a head assigned to it holds it and waits for
//                   room (model 1: it may wait when another allowed output was open)
//   abort           the output counts as free; an assignment to it is dropped once the full
//                   FIFO is seen, after the priority token has moved (model 3)
enum class FifoFullPolicy { wait, assign_blocked, abort };

constexpr const char* to_string(FifoFullPolicy f) {
  return f == FifoFullPolicy::wait ? "wait" : f == FifoFullPolicy::assign_blocked ? "assign_blocked" : "abort";
}

// How a packet moves from node to node (PP-MESS-SIM's switching schemes; Rexford et al. 2.2):
//   wormhole     a head needs one free flit slot downstream; a blocked packet stalls in place
//   cut_through  a head needs room for its whole packet downstream (virtual cut-through)
//   packet       cut_through, and a packet leaves a node only once its tail has arrived there
//                (store-and-forward packet switching)
//   hybrid       wormhole, but a blocked packet spanning hybrid_hops links or more is buffered
//                where its head waits, in one of the router's buffer_packets packet buffers,
//                releasing the channels behind it (Shin and Daniel's h-hop hybrid)
enum class Switching { wormhole, cut_through, packet, hybrid };

constexpr const char* to_string(Switching s) {
  return s == Switching::wormhole ? "wormhole" : s == Switching::cut_through ? "cut_through" : s == Switching::packet ? "packet" : "hybrid";
}

// router.routing: dor (dimension order); adaptive (minimal adaptive: Pertel's ANS, or the
// selection's first free output); oblivious (minimal, one output per hop by the selection);
// deflection (minimal outputs first, then nonminimal ones, at most `deflections` a packet).
enum class Routing { dor, adaptive, oblivious, deflection };

constexpr const char* to_string(Routing r) {
  return r == Routing::dor ? "dor" : r == Routing::adaptive ? "adaptive" : r == Routing::oblivious ? "oblivious" : "deflection";
}

// A traffic class's own policies (classes.NAME.*): the virtual channels it may use, its routing,
// selection and switching, and its priority at channel assignment and the crossbar (higher
// first: PP-MESS-SIM's priority_crossbar).
struct ClassPolicy {
  Routing routing = Routing::dor;
  Selection selection = Selection::any;
  int deflections = 1;
  Switching switching = Switching::wormhole;
  int hybrid_hops = 2;
  uint32_t vcs = ~0u;  // bit v: it may use virtual channel v of a link
  int priority = 0;
};

struct RouterParams {
  // What a router reads every cycle it assigns channels first: one cache line.
  int routing_delay = 0;       // cycles from a head reaching the FIFO front to its first request
  Arbitration arbitration = Arbitration::priority_token;
  int bias_local = 9, bias_network = 4;  // biased_priority: the base priorities (lower wins)
  FifoFullPolicy fifo_full = FifoFullPolicy::wait;
  // Keep each packet's history (cut-throughs, blocking) for run.statistics history; off, its
  // records say -1 and the channel assignment touches no packet for it.
  bool history = false;
  bool adaptive = false;       // minimal adaptive (ANS) instead of dimension order
  Routing routing = Routing::dor;  // adaptive above is routing == adaptive
  Selection selection = Selection::any;  // any: Pertel's ANS for adaptive; dimension order otherwise
  int deflections = 1;         // deflection: nonminimal hops a packet may take
  // The links' credits: none (unbounded FIFOs), per_packet (cut_through and packet with one VC:
  // a packet's room is credited when its head leaves, as FNS), else per_flit.
  CreditPolicy credits = CreditPolicy::none;
  Switching switching = Switching::wormhole;  // with per_packet credits: cut-through all the same
  int hybrid_hops = 2;      // hybrid: h
  int buffer_packets = 1;   // hybrid: packet buffers per router
  int64_t fifo_flits = -1;     // input FIFO capacity (per virtual channel); -1 = unbounded
  bool hop_count_headers = false;  // Symult format: route on per-dimension hop-count header flits
  int vcs = 1;                 // virtual channels per link (a torus's datelines need 2)
  // Traffic classes' policies, by class; empty: one class, with the fields above.
  std::vector<ClassPolicy> classes;
  // network.overrides' failed links and nodes (null: none): heads route round them where their
  // routing can (adaptive and oblivious: on a surviving minimal path; dimension order's packets
  // are only sent where their path is whole).
  std::shared_ptr<const FaultMap> faults;
};

}  // namespace kncsim
