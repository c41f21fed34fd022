// The SCI ring node RTL's protocol assertions fire: the Verilated top alone (direct model),
// strapped as a node of a 4-ary 2-cube, is driven with a stimulus that breaks a rule, and the
// process must stop with the module's hierarchical name and the rule. A lawful stimulus on the
// same pins runs on. (Verilator reports on stdout; the death tests look at it there.)
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>

#include "Vkncsim_sci_node_top_direct.h"
#include "rtl_adapt/sci_wire.hpp"

namespace kncsim {
namespace {

class SciTop {
 public:
  SciTop() : m_(std::make_unique<Vkncsim_sci_node_top_direct>()) {
    m_->dims_i = 2;
    m_->me_i = 0x11;  // (1, 1)
    m_->address_flits_i = 4;
    m_->data_flits_i = 20;
    m_->echo_flits_i = 2;
    m_->ring_buffer_flits_i = 25;
    m_->input_queue_flits_i = 25;
    m_->output_queue_flits_i = 25;
    m_->active_packets_i = 2;
    m_->t_pass_i = 1;
    m_->t_switch_i = 2;
    m_->stomp_i = 0;
    m_->clk_i = 0;
    m_->rst_ni = 1;
    m_->eval();
    m_->rst_ni = 0;
    m_->eval();
    m_->rst_ni = 1;
    m_->eval();
  }
  ~SciTop() { m_->final(); }

  // One cycle: inputs set, a rising edge, the clock low again.
  void cycle(uint32_t ring0_valid, const rtl::sci::Words& ring0 = {}) {
    for (size_t i = 0; i < ring0.size(); ++i) m_->ring_in0_i[i] = ring0[i];
    m_->ring_in_valid_i = uint8_t(ring0_valid);
    m_->now_i = now_++;
    m_->prio_i = 0;
    m_->clk_i = 1;
    m_->eval();
    m_->clk_i = 0;
    m_->eval();
  }
  Vkncsim_sci_node_top_direct& model() { return *m_; }

 private:
  std::unique_ptr<Vkncsim_sci_node_top_direct> m_;
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

void stdout_to_stderr() {
  std::fflush(stdout);
  dup2(2, 1);
}

TEST(SciRtlAssertions, ALawfulPacketPassesWithoutAReport) {
  SciTop top;
  for (uint32_t s = 0; s < 4; ++s) top.cycle(1, passing_flit(s == 0, s == 3, s));
  for (int i = 0; i < 10; ++i) top.cycle(0);
  EXPECT_TRUE(top.model().idle_o);  // it went on around the ring
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
