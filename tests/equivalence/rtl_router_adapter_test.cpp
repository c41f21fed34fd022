// The RTL router adapter (rtl_adapt/rtl_router.hpp) on its link pins: one Verilated router
// (the cached reference set router_d2_q4_a0_c0_v3_t0_r1: a 2D mesh, 4-flit FIFOs, 3 VCs, round
// robin; direct binding) at the centre of a 3x3 mesh, every network port on a link to a plain
// FIFO per VC, stepped as the lockstep bench steps its router (support/router_lockstep.hpp)
// but with a fixed stimulus: two 4-flit packets from the west for the east neighbour, on VCs 0
// and 2 of the -x input link, interleaved a flit a cycle. The RTL word carries neither a
// flit's position nor its hops: the adapter rebuilds the position per output channel, counts
// the hop, looks the packet up by its tag, and returns the model's credits to the upstream
// link on the VC its credit pin names. So each packet must come out of +x whole, in order, on
// one output VC, counted one hop, and every credit must be back on its own VC of the -x link.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <systemc>
#include <vector>

#include "link/flit_link.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"

namespace kncsim {
namespace {

constexpr int kVcs = 3, kFlits = 4;
constexpr uint32_t kCentre = 4, kWest = 3, kEast = 5;  // (1, 1), (0, 1), (2, 1)
constexpr int kWestIn = 1, kEastOut = 2;                 // ports -x and +x

const RtlVariant& variant() {
  for (const RtlVariant& v : rtl_variants())
    if (v.name == "router_d2_q4_a0_c0_v3_t0_r1") return v;
  throw std::logic_error("no reference set router_d2_q4_a0_c0_v3_t0_r1");
}

struct NoWake final : Wakeable {
  void wake_at(int64_t) override {}  // the bench looks at its FIFOs itself
};

struct NoLocalTraffic final : Ejector, Injector {
  void eject(const Flit&, int64_t) override { ++flits; }
  void head_left(int64_t) override { ++flits; }
  int flits = 0;
};

class Bench : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Bench);
  explicit Bench(sc_core::sc_module_name n)
      : sc_module(n), g_(2, 3), calendar_(g_.nodes(), 64), rtl_clock_("rtl_clock", g_.nodes()) {
    const RtlVariant& v = variant();
    router = v.make("dut", kCentre, g_, packets, log_, calendar_, rtl_clock_, false);
    router->connect_ejector(&local);
    router->connect_injector(&local);
    for (int port = 1; port < g_.ports(); ++port) {
      in[size_t(port)] = std::make_unique<FlitLink>(LinkParams{}, CreditPolicy::per_flit, router->input_fifo(port), *router, stub_);
      for (int vc = 1; vc < kVcs; ++vc) in[size_t(port)]->add_vc(router->input_fifo(port, vc));
      router->connect_input(port, in[size_t(port)].get());
      for (int vc = 0; vc < kVcs; ++vc) sinks[size_t(port)].emplace_back(v.depth);
      out[size_t(port)] = std::make_unique<FlitLink>(LinkParams{}, CreditPolicy::per_flit, sinks[size_t(port)][0], stub_, *router);
      for (int vc = 1; vc < kVcs; ++vc) out[size_t(port)]->add_vc(sinks[size_t(port)][size_t(vc)]);
      router->connect_output(port, out[size_t(port)].get());
    }
    for (int i = 0; i < 2; ++i) packet[i] = packets.allocate(PacketInfo{uint64_t(10 + i), kWest, kEast, 0, 0, kFlits, 0});
    SC_METHOD(clock);
  }

  PacketTable packets;
  std::unique_ptr<NetworkRouter> router;
  NoLocalTraffic local;
  std::unique_ptr<FlitLink> in[5], out[5];
  std::vector<FlitFifo> sinks[5];  // per port, per VC: what the router sent there
  uint32_t packet[2] = {};         // on VC 0 and VC 2 of the -x input

 private:
  // Before the router each cycle: the -x neighbour sends the two packets' flits in turn (as
  // its link's credits allow), then the router is woken if due (as the lockstep bench does).
  void clock() {
    const int64_t t = current_cycle();
    const int p = int(t % 2), vc = p == 0 ? 0 : 2;
    if (sent_[p] < kFlits) {
      Flit f{packet[p], uint16_t(sent_[p]), 0, sent_[p] == 0, sent_[p] == kFlits - 1};
      f.vc = uint8_t(vc);
      FlitLink& link = *in[kWestIn];
      if (f.head ? link.admits_head(t, kFlits, vc) : link.admits_body(t, vc)) {
        link.send(f, t, kFlits);
        ++sent_[p];
      }
    }
    calendar_.begin_cycle(t);
    for (int64_t n; (n = calendar_.next_node()) >= 0;) router->notify_due();
    next_trigger(cycles(1));
  }

  MeshGeometry g_;
  WakeCalendar calendar_;
  RtlDomain rtl_clock_;
  DeliveryLog log_;
  NoWake stub_;
  int sent_[2] = {};
};

TEST(RtlRouterAdapter, InterleavedPacketsLeaveWholeInOrderAndCreditsReturnOnTheirVc) {
  SimSession session;
  auto bench = std::make_unique<Bench>("bench");
  sc_core::sc_start(cycles(40));
  const int64_t t = current_cycle();

  EXPECT_EQ(bench->local.flits, 0) << "nothing for the local port";
  for (int port = 1; port < 5; ++port) {
    if (port == kEastOut) continue;
    for (const FlitFifo& s : bench->sinks[port]) EXPECT_TRUE(s.empty()) << "a flit on port " << port;
  }
  // Each packet on one VC of +x, every flit of it there, in order.
  std::set<uint32_t> seen;
  std::vector<int64_t> arrivals[2];
  for (int vc = 0; vc < kVcs; ++vc) {
    FlitFifo& s = bench->sinks[kEastOut][size_t(vc)];
    if (s.empty()) continue;
    const uint32_t k = s.front().flit.packet;
    ASSERT_TRUE(k == bench->packet[0] || k == bench->packet[1]) << "VC " << vc << ": an unknown packet slot " << k;
    EXPECT_TRUE(seen.insert(k).second) << "a packet split over two VCs";
    ASSERT_EQ(s.size(), size_t(kFlits)) << "VC " << vc;
    for (int i = 0; i < kFlits; ++i, s.pop()) {
      const Flit& f = s.front().flit;
      EXPECT_EQ(f.packet, k) << "VC " << vc << " flit " << i;
      EXPECT_EQ(f.seq, i) << "VC " << vc << ": positions rebuilt per output channel";
      EXPECT_EQ(f.head, i == 0);
      EXPECT_EQ(f.tail, i == kFlits - 1);
      EXPECT_EQ(f.vc, vc);
      arrivals[k == bench->packet[0] ? 0 : 1].push_back(s.front().arrival);
    }
  }
  ASSERT_EQ(seen.size(), 2u) << "both packets left on +x";
  // The test means something only if the two packets shared the output link flit by flit.
  EXPECT_LT(arrivals[1].front(), arrivals[0].back()) << "the packets did not interleave on +x";
  EXPECT_LT(arrivals[0].front(), arrivals[1].back()) << "the packets did not interleave on +x";
  for (uint32_t k : bench->packet) EXPECT_EQ(bench->packets[k].hops, 1) << "the head's hop is counted once";
  // Every flit the -x neighbour sent has left the router's FIFO: all credits back, each on its VC.
  for (int vc = 0; vc < kVcs; ++vc)
    EXPECT_EQ(bench->in[kWestIn]->credits(t, vc), variant().depth) << "-x link, VC " << vc;
  EXPECT_EQ(bench->router->flits_buffered(), 0u);
  bench.reset();
}

}  // namespace
}  // namespace kncsim
