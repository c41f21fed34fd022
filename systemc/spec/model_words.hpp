#pragma once
// The choice keys that pick a model, read as enums: the only place their words are compared
// (the schema has already refused any other word); and the router keys every decoding shares.
#include <stdexcept>
#include <string>

#include "config/config.hpp"
#include "config/model_kinds.hpp"
#include "link/link_params.hpp"
#include "router/router_params.hpp"

namespace kncsim {

// c: a Config, or a TrafficKeys (a traffic class's key where it set it, else the network's).
template <class E, size_t N, class Keys>
E choice_of(const Keys& c, const std::string& key, const std::pair<const char*, E> (&words)[N]) {
  const std::string& w = c.text(key);
  for (const auto& [word, value] : words)
    if (w == word) return value;
  throw std::logic_error("choice_of: " + key + " = '" + w + "' passed the schema but has no decoding");
}

inline RouterImpl router_impl(const Config& c) {
  return choice_of<RouterImpl>(c, "router.impl",
                               {{"ref", RouterImpl::ref}, {"systemc", RouterImpl::systemc}, {"rtl", RouterImpl::rtl},
                                {"single_node", RouterImpl::single_node}});
}
inline NetworkTopology network_topology(const Config& c) {
  return choice_of<NetworkTopology>(
      c, "network.topology",
      {{"mesh", NetworkTopology::mesh}, {"torus", NetworkTopology::torus}, {"rings", NetworkTopology::rings},
       {"hexagonal", NetworkTopology::hexagonal}});
}
inline Workload workload(const Config& c) {
  return choice_of<Workload>(c, "traffic.workload",
                             {{"open", Workload::open},
                              {"request_response", Workload::request_response},
                              {"closed_loop", Workload::closed_loop},
                              {"trace", Workload::trace}});
}
template <class Keys = Config>
inline Routing routing(const Keys& c) {
  return choice_of<Routing>(c, "router.routing",
                            {{"dor", Routing::dor},
                             {"adaptive", Routing::adaptive},
                             {"oblivious", Routing::oblivious},
                             {"deflection", Routing::deflection}});
}
// Minimal adaptive routing (Pertel's ANS, or with a selection function).
inline bool adaptive_routing(const Config& c) { return routing(c) == Routing::adaptive; }
template <class Keys = Config>
inline Selection selection(const Keys& c) {
  return choice_of<Selection>(c, "router.selection",
                              {{"auto", Selection::any},
                               {"dimension_order", Selection::dimension_order},
                               {"random", Selection::random},
                               {"diagonal", Selection::diagonal},
                               {"least_congested", Selection::least_congested}});
}
template <class Keys = Config>
inline Switching switching(const Keys& c) {
  return choice_of<Switching>(c, "router.flow_control",
                              {{"wormhole", Switching::wormhole},
                               {"cut_through", Switching::cut_through},
                               {"packet", Switching::packet},
                               {"hybrid", Switching::hybrid}});
}
// A head needs room for its whole packet (virtual cut-through and packet switching).
inline bool cut_through_flow(const Config& c) {
  const Switching s = switching(c);
  return s == Switching::cut_through || s == Switching::packet;
}
// The links' credit policy for these FIFOs and this switching: FNS's per-packet credit (returned
// when the head leaves) is safe only where a packet leaves at least as fast as the next comes
// in: one virtual channel a link.
inline CreditPolicy credit_policy(int64_t fifo_flits, Switching s, int vcs) {
  if (fifo_flits < 0) return CreditPolicy::none;
  const bool whole = s == Switching::cut_through || s == Switching::packet;
  return whole && vcs == 1 ? CreditPolicy::per_packet : CreditPolicy::per_flit;
}
inline LinkKind link_kind(const Config& c) {
  return choice_of<LinkKind>(c, "link.kind", {{"pipelined", LinkKind::pipelined}, {"handshake", LinkKind::handshake}});
}
inline FifoFullPolicy fifo_full_policy(const Config& c) {
  return choice_of<FifoFullPolicy>(c, "router.fifo_full_policy",
                                   {{"wait", FifoFullPolicy::wait},
                                    {"assign_blocked", FifoFullPolicy::assign_blocked},
                                    {"abort", FifoFullPolicy::abort}});
}

inline Arbitration arbitration(const Config& c) {
  return choice_of<Arbitration>(c, "router.arbitration",
                                {{"priority_token", Arbitration::priority_token},
                                 {"round_robin", Arbitration::round_robin},
                                 {"oldest_first", Arbitration::oldest_first},
                                 {"fifo_fixed", Arbitration::fifo_fixed},
                                 {"fifo_lru", Arbitration::fifo_lru},
                                 {"biased_priority", Arbitration::biased_priority},
                                 {"message_source", Arbitration::message_source}});
}

// router.misroute_on_full: Pertel's misrouting of a full FIFO's head (the reference model's).
inline bool misroute_on_full(const Config& c) { return c.text("router.misroute_on_full") == "on"; }

// Whether any node is RTL: router.impl rtl (every node), or router.rtl_nodes among SystemC ones.
inline bool has_rtl_nodes(const Config& c) {
  return router_impl(c) == RouterImpl::rtl || !c.is_word("router.rtl_nodes");
}

// The wormhole router's keys, for packets of L flits (the FIFO in flits: router.fifo_packets x L,
// or router.fifo_flits; -1 unbounded).
inline RouterParams router_params(const Config& c, int L) {
  RouterParams r;
  const int64_t packets = c.is_word("router.fifo_packets") ? 0 : c.integer("router.fifo_packets");
  r.adaptive = adaptive_routing(c);
  r.routing = routing(c);
  r.selection = selection(c);
  // Oblivious and deflection routing without a selection consider the outputs in dimension order.
  if (r.selection == Selection::any && r.routing != Routing::adaptive) r.selection = Selection::dimension_order;
  r.deflections = int(c.integer("router.deflections"));
  r.fifo_flits = packets ? packets * L : c.is_word("router.fifo_flits") ? -1 : c.integer("router.fifo_flits");
  r.routing_delay = int(c.integer("router.routing_delay"));
  r.hop_count_headers = c.text("router.packet_format") == "hop_count";
  r.vcs = int(c.integer("router.vcs"));
  r.switching = switching(c);
  r.credits = credit_policy(r.fifo_flits, r.switching, r.vcs);
  r.hybrid_hops = int(c.integer("router.hybrid_hops"));
  r.buffer_packets = int(c.integer("router.buffer_packets"));
  r.arbitration = arbitration(c);
  r.bias_local = int(c.integer("router.bias_local"));
  r.bias_network = int(c.integer("router.bias_network"));
  r.fifo_full = fifo_full_policy(c);
  return r;
}

}  // namespace kncsim
