// docs/code-map.md's "Adding a router model", followed step by step with a minimal extra model:
// an ideal mesh, without contention (a packet's head leaves its source at the listing's
// injection time and arrives its distance plus one cycle later). It implements NetworkModel,
// takes its injections from an InjectionFeed built from a decoded spec's stream, and delivers
// PacketRecords to a PacketSink; then, as the page asks, it is held to the reference model
// packet for packet: the same packets (id, source, destination, injection time), none earlier
// than the ideal network delivers it, and at a low load almost all at the same cycle.
#include <gtest/gtest.h>

#include <map>
#include <queue>
#include <tuple>
#include <vector>

#include "config/config.hpp"
#include "experiment/model_factory.hpp"
#include "model/network_model.hpp"
#include "spec/experiment_spec.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/injection_feed.hpp"

namespace kncsim {
namespace {

// Step 1: the model, a NetworkModel. No contention: Pertel's injection rule (tin = max(t, the
// source's last tin + L), the last tin 0 at the start, as in the listing), then one cycle per
// hop and one to eject.
class IdealMesh final : public NetworkModel {
 public:
  IdealMesh(const MeshGeometry& g, int packet_flits, InjectionFeed& feed, PacketSink* sink)
      : g_(g), L_(packet_flits), feed_(feed), sink_(sink), last_tin_(g.nodes(), 0) {}

  void run_until(int64_t end) override {
    for (; now_ < end; ++now_) {
      const InjectionFeed::Span span = feed_.next();  // step 2: the same stimulus as every model
      for (const Injection* i = span.begin; i != span.end; ++i) {
        const int64_t tin = std::max(now_, last_tin_[i->node] + L_);
        last_tin_[i->node] = tin;
        const int hops = g_.distance(i->node, i->dest);
        in_flight_.push(PacketRecord{uint64_t(counters_.numsent), i->node, i->dest, tin, tin + hops + 1, hops});
        ++counters_.numsent;
        if (sink_) sink_->generated(i->node, now_);
      }
      while (!in_flight_.empty() && in_flight_.top().tarrive <= now_ + 1) {  // step 3: records to the sink
        const PacketRecord r = in_flight_.top();
        in_flight_.pop();
        ++counters_.numrecd;
        counters_.totlat += r.tarrive - r.tsent;
        counters_.tothops += r.hops;
        if (sink_) sink_->deliver(r);
      }
    }
  }
  int64_t now() const override { return now_; }
  const DeliveryCounters& counters() const override { return counters_; }

 private:
  struct Later {
    bool operator()(const PacketRecord& a, const PacketRecord& b) const {
      return std::tie(a.tarrive, a.id) > std::tie(b.tarrive, b.id);
    }
  };
  MeshGeometry g_;
  int L_;
  InjectionFeed& feed_;
  PacketSink* sink_;
  std::vector<int64_t> last_tin_;
  std::priority_queue<PacketRecord, std::vector<PacketRecord>, Later> in_flight_;
  int64_t now_ = 0;
  DeliveryCounters counters_;
};

struct Records final : PacketSink {
  std::map<uint64_t, PacketRecord> by_id;
  void deliver(const PacketRecord& r) override { by_id.emplace(r.id, r); }
};

// The feed of a decoded spec's stream, as the experiment builds it.
InjectionFeed feed_of(const MeshExperiment& e) {
  return InjectionFeed(make_injection_stream(e.stream, e.geometry()), e.geometry().nodes(), false);
}

TEST(ExtraModel, TheCodeMapsStepsGiveAModelHeldToTheReferencePacketForPacket) {
  Config c;
  for (const char* s : {"network.radix=8", "traffic.packet_flits=8", "traffic.load=0.05", "traffic.stream=counter",
                        "traffic.seed=7"})
    c.apply_set(s);
  const MeshExperiment e = std::get<MeshExperiment>(decode(c).topology);
  ASSERT_EQ(e.impl, RouterImpl::ref);
  const MeshGeometry g = e.geometry();
  constexpr int64_t kCycles = 20000;

  Records ideal, ref;
  InjectionFeed ideal_feed = feed_of(e);
  IdealMesh extra(g, e.packet_flits, ideal_feed, &ideal);
  extra.run_until(kCycles + 1000);  // every packet injected before kCycles has arrived
  InjectionFeed ref_feed = feed_of(e);
  const auto reference = make_model(e, g, ref_feed, &ref);  // the reference model, as make_model picks it
  reference->run_until(kCycles + 1000);

  int compared = 0, same_cycle = 0;
  for (const auto& [id, r] : ref.by_id) {
    if (r.tsent >= kCycles) continue;
    ASSERT_TRUE(ideal.by_id.count(id)) << "packet " << id << " only in the reference model";
    const PacketRecord& x = ideal.by_id.at(id);
    ASSERT_EQ(std::tie(r.src, r.dest, r.tsent, r.hops), std::tie(x.src, x.dest, x.tsent, x.hops)) << "packet " << id;
    ASSERT_GE(r.tarrive, x.tarrive) << "packet " << id << " beat the contention-free network";
    ++compared;
    same_cycle += r.tarrive == x.tarrive;
  }
  ASSERT_GT(compared, 2000);
  EXPECT_EQ(extra.counters().numsent, reference->counters().numsent);
  EXPECT_GT(double(same_cycle), 0.8 * compared) << "at A = .05 most packets meet no other (89 % do)";
  EXPECT_LT(same_cycle, compared) << "some packets meet contention in the reference model";
}

}  // namespace
}  // namespace kncsim
