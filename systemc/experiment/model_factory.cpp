#include "experiment/model_factory.hpp"

#include "ring/sci_network.hpp"
#include "net/wormhole_network.hpp"
#include "ref/ref_network.hpp"
#include "ring/sci_ref_network.hpp"
#include "config/config.hpp"

namespace kncsim {

std::unique_ptr<InjectionStream> make_injection_stream(const MeshStreamSpec& s, const MeshGeometry& g) {
  // Bernoulli in traffic.stream's order, or a renewal process; then destinations (the MRU stack on
  // top of the pattern), lengths, and phases: each wrapper draws from its own counter-based
  // stream, so none moves another's numbers.
  auto stream = s.gaps.kind != InterarrivalKind::bernoulli ? make_renewal_stream(s.pattern.seed, g.nodes(), s.gaps)
                : s.legacy                                 ? make_legacy_uniform_stream(s.state, g.nodes(), s.q)
                                                           : make_counter_uniform_stream(s.state, g.nodes(), s.q);
  stream = with_mru_stack(with_pattern(std::move(stream), g, s.pattern), g.nodes(), s.mru, s.pattern.seed);
  return with_phases(with_lengths(std::move(stream), g.nodes(), s.lengths, s.pattern.seed), s.on_cycles, s.off_cycles);
}

std::unique_ptr<InjectionStream> make_injection_stream(const MeshExperiment& e, const MeshGeometry& g) {
  if (e.classes.empty()) return make_injection_stream(e.stream, g);
  std::vector<std::unique_ptr<InjectionStream>> streams;
  std::vector<std::vector<uint32_t>> nodes;
  for (const TrafficClassSpec& k : e.classes) {
    streams.push_back(make_injection_stream(k.stream, g));
    nodes.push_back(k.nodes);
  }
  return merge_classes(std::move(streams), std::move(nodes), g.nodes());
}

std::unique_ptr<NetworkModel> make_model(const MeshExperiment& e, const MeshGeometry& g, InjectionFeed& feed,
                                         PacketSink* sink, ReactiveSource* source) {
  switch (e.impl) {
    case RouterImpl::ref: {
      auto net = std::make_unique<RefNetwork>(g, e.ref, feed);
      net->set_packet_sink(sink);
      if (source) net->set_reactive_source(source);
      return net;
    }
    case RouterImpl::systemc:
    case RouterImpl::rtl: {  // RTL nodes sit among SystemC ones: e.flit.rtl_nodes (all of them for rtl)
      auto net = std::make_unique<WormholeNetwork>(g, e.flit, feed);
      net->set_packet_sink(sink);
      if (source) net->set_reactive_source(source);
      return net;
    }
    case RouterImpl::single_node:
      break;  // rings only (decode refuses it for meshes)
  }
  throw std::logic_error("make_model: no such router.impl");
}

std::unique_ptr<RingModel> make_model(const RingsExperiment& e, const char* name) {
  switch (e.impl) {
    case RouterImpl::ref:
      return std::make_unique<SciRefNetwork>(name, e.params);
    case RouterImpl::systemc:
    case RouterImpl::rtl:  // RTL nodes: e.rtl.nodes (all of them for rtl)
      return std::make_unique<SciNetwork>(name, e.params, e.trace, e.rtl);
    case RouterImpl::single_node:
      throw ConfigError("router.impl single_node models one node at the rates the network implies: it has no network "
                        "whose packets could be followed; allowed here: router.impl ref, systemc or rtl (kncsim run and "
                        "sweep take single_node)");
  }
  throw std::logic_error("make_model: no such router.impl");
}

}  // namespace kncsim
