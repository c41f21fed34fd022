// The wormhole router RTL's protocol assertions fire: the Verilated top alone (direct model,
// named as a network names it), at node (1, 1) of a 3x3 mesh, is driven by stub neighbours
// that break a rule: a neighbour sending a flit it had no credit for, returning a credit
// it did not owe, sending a body flit with no head, or a flit on a VC the link lacks. The
// process must stop with exit 1, the instance (which names the node), the module, the rule's
// name, and the cycle. The same stubs keeping the rules run on without a report.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "rtl_adapt/flit_bits.hpp"
#include "rtl_adapt/rtl_model_loader.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "verilated.h"

namespace kncsim {
namespace {

constexpr uint64_t kNode = 1 | 1 << rtl::kCoordBits;  // (1, 1)
constexpr uint64_t kLast = 2 | 2 << rtl::kCoordBits;  // a 3x3 network

// A flit of a 20-flit packet for (2, 1): it leaves on output 2 (succ in x).
uint64_t flit(bool head, bool tail, int vc = 0) {
  Flit f{7, 0, 0, head, tail};
  f.vc = uint8_t(vc);
  return rtl::pack_flit(f, 20, 2 | 1 << rtl::kCoordBits);
}

// The direct-binding model of a parameter set, from the model cache, driven pin by pin.
class Top {
 public:
  explicit Top(const RtlVariant& v)
      : api_(load_rtl_model(rtl_router_model_spec(v, false))), m_(api_.create("net.router_4.rtl", &p_)) {
    *p_.coord_i = kNode;
    *p_.last_i = kLast;
    *p_.clk_i = 0;
    *p_.rst_ni = 1;
    api_.eval(m_);
    *p_.rst_ni = 0;
    api_.eval(m_);
    *p_.rst_ni = 1;
    api_.eval(m_);
  }
  ~Top() { api_.destroy(m_); }

  // One cycle: the neighbours' pins set, a rising edge, the clock low again.
  void cycle(uint32_t valid, uint64_t flit1 = 0, uint32_t credit2 = 0) {
    Verilated::threadContextp()->time(now_++);
    *p_.in_valid_i = uint8_t(valid);
    *p_.in_flit1_i = flit1;
    *p_.credit2_i = uint16_t(credit2);
    *p_.clk_i = 1;
    api_.eval(m_);
    *p_.clk_i = 0;
    api_.eval(m_);
  }
  const rtl_abi::RouterDirectPins& pins() const { return p_; }

 private:
  const rtl_abi::ModelApi& api_;
  rtl_abi::RouterDirectPins p_;
  void* m_;
  uint64_t now_ = 0;
};

struct Router : Top {
  Router() : Top(rtl_router_variant(2, 4, false, false, 1, false, Arbitration::priority_token)) {}
};
struct VcRouter : Top {
  VcRouter() : Top(rtl_router_variant(2, 4, false, false, 2, true, Arbitration::priority_token)) {}
};

// A packet from the west neighbour (input 1) to the east one (output 2), a flit a cycle; the
// east neighbour returns a credit for each flit `lag` cycles after it left (never: -1).
template <class R>
void west_to_east(R& r, int flits, int lag, int cycles) {
  int sent = 0, out = 0;
  std::vector<int> left;
  for (int t = 0; t < cycles; ++t) {
    int credit = 0;
    for (int c : left) credit += lag >= 0 && c + lag == t;
    const bool send = sent < flits;
    r.cycle(send ? 1u << 1 : 0, send ? flit(sent == 0, sent == flits - 1) : 0, uint32_t(credit));
    sent += send;
    if ((*r.pins().out_valid_o) >> 2 & 1) left.push_back(t), ++out;
  }
}

TEST(RtlRouterAssertions, APacketWithCreditsPassesWithoutAReport) {
  Router r;
  west_to_east(r, 20, 3, 40);
  EXPECT_TRUE((*r.pins().idle_o));  // all 20 flits left east and their credits came back
}

// Exit 1, then the report: Verilator's line ends in the model's name, the module's path, the
// rule and its details; kncsim's line gives the cycle.
::testing::ExitedWithCode exit_1() { return ::testing::ExitedWithCode(1); }

TEST(RtlRouterAssertionsDeathTest, AFlitSentWithoutCreditOverflowsTheInputFifo) {
  // The east neighbour never returns a credit: 4 flits leave, 4 wait, the 9th has no room.
  EXPECT_EXIT(
      {
        Router r;
        west_to_east(r, 20, -1, 12);
      },
      exit_1(),
      "net\\.router_4\\.rtl\\.kncsim_router_top\\.g_router\\.u_router\\.g_fifo\\[1\\]\\.u_fifo.*"
      "FifoOverflow_A: an entry pushed into a full FIFO .*\\(4 of 4 slots held\\).*"
      "kncsim: RTL assertion failed in cycle 8 ");
}

TEST(RtlRouterAssertionsDeathTest, ACreditNotOwedUnderflowsTheCreditCounter) {
  EXPECT_EXIT(
      {
        Router r;
        west_to_east(r, 2, 2, 6);  // two flits, credited
        r.cycle(0, 0, 1);          // and one credit more
      },
      exit_1(),
      "g_router\\.u_router.*CreditUnderflow_A: more credits back than flits sent \\(port 2, node \\(1, 1, 0\\).*"
      "kncsim: RTL assertion failed in cycle 6 ");
}

TEST(RtlRouterAssertionsDeathTest, ABodyFlitWithNoHeadBreaksTheWormholeBinding) {
  EXPECT_EXIT(
      {
        Router r;
        r.cycle(1u << 1, flit(false, false));
        r.cycle(0);
      },
      exit_1(),
      "g_router\\.u_router.*BodyWithoutBinding_A: a body flit at the front of an input that holds no output "
      "\\(port 1, node \\(1, 1, 0\\).*kncsim: RTL assertion failed in cycle 1 ");
}

TEST(RtlRouterAssertionsDeathTest, AHeadInsideAPacketBreaksTheWormholeBinding) {
  EXPECT_EXIT(
      {
        Router r;
        r.cycle(1u << 1, flit(true, false));
        r.cycle(1u << 1, flit(true, false));  // a second head before the first packet's tail
        r.cycle(0);
      },
      exit_1(), "HeadWhileBound_A: a head at the front of an input still bound to an output \\(port 1");
}

TEST(RtlRouterAssertionsDeathTest, AFlitOnAVirtualChannelTheLinkLacks) {
  EXPECT_EXIT(
      {
        VcRouter r;
        r.cycle(1u << 1, flit(true, false, 3));  // VC 3 of a 2-VC link
      },
      exit_1(),
      "g_vc_router\\.u_router.*MissingChannel_A: a flit or credit on a VC the port does not have, port 1 .*"
      "2 VCs of 4 flits.*kncsim: RTL assertion failed in cycle 0 ");
}

TEST(RtlRouterAssertionsDeathTest, AFlitOnAPortTheRouterLacks) {
  EXPECT_EXIT(
      {
        Router r;
        r.cycle(1u << 5);  // port 5 is a third dimension's: this router has two
      },
      exit_1(), "kncsim_router_top.*UnusedPortDriven_A: a flit or credit on a port past the 5 built");
}

}  // namespace
}  // namespace kncsim
