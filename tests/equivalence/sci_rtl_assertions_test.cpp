// The SCI ring node RTL's protocol assertions fire: the Verilated top alone (direct model),
// from the model cache, strapped as a node of a 4-ary 2-cube, is driven with a stimulus that breaks a rule, and the
// process must stop with the module's hierarchical name and the rule. A lawful stimulus on the
// same pins runs on; one that sends a packet and takes its echo back also checks the pins the
// network tests read only through the adapter's running counters (active_max_o). (Verilator
// reports on stdout; the death tests look at it there.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "rtl_adapt/rtl_model_loader.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_wire.hpp"

namespace kncsim {
namespace {

class SciTop {
 public:
  SciTop() : api_(load_rtl_model(rtl_sci_model_spec(false))), m_(api_.create("TOP", &p_)) {
    *p_.dims_i = 2;
    *p_.me_i = 0x11;  // (1, 1)
    *p_.address_flits_i = 4;
    *p_.data_flits_i = 20;
    *p_.echo_flits_i = 2;
    *p_.ring_buffer_flits_i = 25;
    *p_.input_queue_flits_i = 25;
    *p_.output_queue_flits_i = 25;
    *p_.active_packets_i = 2;
    *p_.t_pass_i = 1;
    *p_.t_switch_i = 2;
    *p_.stomp_i = 0;
    *p_.clk_i = 0;
    *p_.rst_ni = 1;
    eval();
    *p_.rst_ni = 0;
    eval();
    *p_.rst_ni = 1;
    eval();
  }
  ~SciTop() { api_.destroy(m_); }

  // One cycle: inputs set, a rising edge, the clock low again. Ring 0's events of the cycle are
  // tallied first.
  void cycle(uint32_t ring0_valid, const rtl::sci::Words& ring0 = {}) {
    sent += *p_.sent_o & 1;
    flits_out += *p_.ring_out_valid_o & 1;
    released += *p_.released_o & 1;
    for (size_t i = 0; i < ring0.size(); ++i) p_.ring_in0_i[i] = ring0[i];
    *p_.ring_in_valid_i = uint8_t(ring0_valid);
    *p_.now_i = now_++;
    *p_.prio_i = 0;
    *p_.clk_i = 1;
    eval();
    *p_.clk_i = 0;
    eval();
  }
  // One cycle with a flit offered on the CPU port (and none on the rings): whether the node took
  // it (cpu_take_o, which follows cpu_in in the same cycle: read before the edge).
  bool cycle_offering_cpu(const rtl::sci::Words& cpu) {
    for (size_t i = 0; i < cpu.size(); ++i) p_.cpu_in_i[i] = cpu[i];
    *p_.cpu_in_valid_i = 1;
    *p_.ring_in_valid_i = 0;
    *p_.now_i = now_;
    *p_.prio_i = 0;
    eval();
    const bool took = *p_.cpu_take_o;
    cycle(0);
    *p_.cpu_in_valid_i = 0;
    return took;
  }
  const rtl_abi::SciDirectPins& pins() const { return p_; }
  int sent = 0, flits_out = 0, released = 0;  // on ring 0: packets sent, flits out, packets freed

 private:
  void eval() { api_.eval(m_); }

  const rtl_abi::ModelApi& api_;
  rtl_abi::SciDirectPins p_;
  void* m_;
  uint32_t now_ = 0;
};

// A passing address packet's flit on ring 0 (destination (3, 2), so not leaving here).
rtl::sci::Words passing_flit(bool head, bool tail, uint32_t seq) {
  rtl::sci::WireFlit w;
  w.head = head;
  w.tail = tail;
  w.seq = seq;
  w.kind = 0;
  w.src = 0x10;
  w.dest = 0x23;
  w.target = 0x10;
  w.id = sci_message_id(1, 7);
  return rtl::sci::pack(w);
}

// A flit of a message between (1, 1), this node, and (3, 1): an address packet from this
// node's CPU, which leaves on ring 0, or the echo (1, 1) gets back for it on ring 0.
rtl::sci::Words message_flit(SciKind kind, bool head, bool tail, uint32_t seq) {
  const bool out = kind == SciKind::address;
  rtl::sci::WireFlit w;
  w.head = head;
  w.tail = tail;
  w.seq = seq;
  w.kind = uint8_t(kind);
  w.src = out ? 0x11 : 0x13;
  w.dest = out ? 0x13 : 0x11;
  w.target = 0x11;
  w.id = sci_message_id(5, 1);  // node (1, 1)'s first message
  return rtl::sci::pack(w);
}

void stdout_to_stderr() {
  std::fflush(stdout);
  dup2(2, 1);
}

TEST(SciRtlAssertions, ALawfulPacketPassesWithoutAReport) {
  SciTop top;
  for (uint32_t s = 0; s < 4; ++s) top.cycle(1, passing_flit(s == 0, s == 3, s));
  for (int i = 0; i < 10; ++i) top.cycle(0);
  EXPECT_TRUE(*top.pins().idle_o);  // it went on around the ring
}

// active_max_o is the fullest an active buffer has been, not how full one is now: the packet
// the node sends stays in ring 0's active buffer until its echo comes back, and the high mark
// stays after that.
TEST(SciRtlAssertions, ActiveMaxKeepsTheFullestActiveBufferAfterTheEchoFreesIt) {
  SciTop top;
  const auto& m = top.pins();
  EXPECT_EQ(*m.active_max_o, 0);
  uint32_t taken = 0;
  for (int i = 0; i < 20 && taken < 4; ++i)
    taken += top.cycle_offering_cpu(message_flit(SciKind::address, taken == 0, taken == 3, taken));
  ASSERT_EQ(taken, 4u) << "the CPU's packet crosses the switch";
  for (int i = 0; i < 10; ++i) top.cycle(0);  // T_switch, then the packet on ring 0's output link
  EXPECT_EQ(top.sent, 1) << "one packet from the output queue";
  EXPECT_EQ(top.flits_out, 4);
  EXPECT_EQ(*m.active_max_o, 1) << "held in the active buffer, waiting for its echo";
  top.cycle(1, message_flit(SciKind::echo, true, false, 0));  // back around ring 0
  top.cycle(1, message_flit(SciKind::echo, false, true, 1));
  for (int i = 0; i < 5; ++i) top.cycle(0);
  EXPECT_EQ(top.released, 1) << "the echo frees the packet";
  EXPECT_TRUE(*m.idle_o);
  EXPECT_EQ(*m.active_max_o, 1) << "the high mark stays";
}

TEST(SciRtlAssertionsDeathTest, ABodyFlitWithSequenceZeroStopsTheRingInterface) {
  EXPECT_DEATH(
      {
        stdout_to_stderr();
        SciTop top;
        top.cycle(1, passing_flit(false, false, 0));  // not a head, yet its sequence is 0
        top.cycle(0);
      },
      "kncsim_sci_node_top\\.u_node\\.gen_ring\\[0\\]\\.u_ring_if.*a flit with sequence 0 that is not a head");
}

TEST(SciRtlAssertionsDeathTest, AFlitOnARingTheNetworkLacksStopsTheNode) {
  EXPECT_DEATH(
      {
        stdout_to_stderr();
        SciTop top;
        top.cycle(1u << 3, passing_flit(true, false, 0));  // ring 3 of a 2-dimensional network
      },
      "kncsim_sci_node .*a flit on the ring input of a dimension the network lacks \\(2 dimensions strapped");
}

}  // namespace
}  // namespace kncsim
