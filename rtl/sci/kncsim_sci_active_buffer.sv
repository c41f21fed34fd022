// The active buffer of a ring interface: every packet the output queue sends stays here until
// its echo comes back around the ring (Scott & Goodman 2.1: "stored at the node in which they
// first enter a ring until the ring acknowledgement is received"). A nack queues it to be sent
// again from here: the retransmission source offers the nacked packets' flits in nack order,
// from the cycle of the nack, for the output link. So the buffer never holds more than
// cfg.active_packets packets, retransmissions included, and a full one stalls only new packets.
module kncsim_sci_active_buffer
  import kncsim_sci_pkg::*;
  import kncsim_prim_pkg::lowest_index, kncsim_prim_pkg::PickW;
(
  input  logic       clk_i,
  input  logic       rst_ni,
  input  sci_cfg_t   cfg_i,
  // An echo or nack for packet answer_id_i was stripped this cycle (its tail).
  input  logic       answer_valid_i,
  input  logic       answer_nack_i,
  input  logic [SciIdW-1:0] answer_id_i,
  // The packet the output link starts sending from the output queue this cycle.
  input  logic       send_i,
  input  sci_flit_t  send_flit_i,
  output logic       room_o,          // room for a new packet, after this cycle's answer
  // The retransmission source (to the output link).
  output logic       rt_valid_o,
  output sci_flit_t  rt_flit_o,
  input  logic       rt_pop_i,
  output logic       retransmit_o,    // a nack came back: its packet is queued again
  output logic [SciLenW-1:0] made_o,  // flits made this cycle (the retransmission's)
  output logic [SciLenW:0]   rt_flits_o,  // flits queued for retransmission
  output logic [4:0] count_o          // packets held
);

  localparam int unsigned IdxW = $clog2(SciActiveDepth);

  sci_flit_t                 entry_q [SciActiveDepth];  // the packet as last sent
  logic [SciIdW-1:0]         id_q [SciActiveDepth];     // its id, apart: an answer searches these only
  logic [SciActiveDepth-1:0] valid_q, resend_q;  // held; of those, nacked and not yet sent again
  logic [SciLenW-1:0]        rt_seq_q;   // of the front retransmission, flits already sent
  sci_flit_t                 rt_hdr_q;   // its header, from its head on
  logic [SciLenW:0]          rt_flits_q;
  logic [IdxW-1:0]           rt_idx, rt_front;
  logic [$clog2(SciActiveDepth+1)-1:0] rt_count;
  logic                      rt_push, rt_head_sent;
  logic [IdxW-1:0]           hit, free_idx;
  logic                      hit_found, free_found, echo_frees;
  sci_flit_t                 rt_head;

  // The entry an answer names (sent, not nacked already), and the first free entry (an entry
  // an echo frees this cycle may take the packet sent this cycle): the lowest of each mask.
  always_comb begin
    logic [SciActiveDepth-1:0] named, free;
    named = '0;
    if (answer_valid_i) begin  // (a simulator then reads the ids only in a cycle with an answer)
      for (int unsigned i = 0; i < SciActiveDepth; i++) begin
        named[i] = valid_q[i] && !resend_q[i] && id_q[i] == answer_id_i;
      end
    end
    hit_found = named != '0;
    hit       = IdxW'(lowest_index(PickW'(named)));
    free      = ~valid_q;
    if (echo_frees && hit_found) free[hit] = 1'b1;
    free_found = free != '0;
    free_idx   = IdxW'(lowest_index(PickW'(free)));
  end

  always_comb begin
    count_o = '0;
    for (int unsigned i = 0; i < SciActiveDepth; i++) count_o = count_o + 5'(valid_q[i]);
  end

  assign echo_frees   = answer_valid_i && !answer_nack_i;
  assign room_o       = 32'(count_o) - 32'(echo_frees) < 32'(cfg_i.active_packets);
  assign rt_push      = answer_valid_i && answer_nack_i;
  assign retransmit_o = rt_push;

  // The retransmission queue: entry indices in nack order; a nack this cycle is usable now.
  kncsim_prim_fifo #(.Depth(SciActiveDepth), .Width(IdxW), .FrontReg(1'b1)) u_rt_queue (
    .clk_i, .rst_ni,
    .push_i (rt_push),
    .data_i (hit),
    .pop_i  (rt_pop_i && rt_flit_o.tail),
    .drop_i ('0),
    .data_o (rt_front),
    .count_o(rt_count)
  );
  assign rt_idx     = rt_count != '0 ? rt_front : hit;
  assign rt_valid_o = rt_count != '0 || rt_push;

  // The retransmission: the packet as last sent, once more; its header is kept from its head
  // on (a nack for it may come back before its tail leaves). Worked out only while one is
  // offered (its flit is read only then): most cycles have none, and a flit is four words to
  // a simulator.
  always_comb begin
    rt_head   = '0;
    rt_flit_o = '0;
    if (rt_valid_o) begin
      if (rt_seq_q == '0) begin  // (the stored packet is read only when a retransmission starts)
        rt_head         = entry_q[rt_idx];
        rt_head.retries = rt_head.retries + 1'b1;
        rt_flit_o       = rt_head;
      end else begin
        rt_flit_o = rt_hdr_q;
      end
      rt_flit_o.seq  = rt_seq_q;
      rt_flit_o.head = rt_seq_q == '0;
      rt_flit_o.tail = rt_seq_q == packet_flits(cfg_i, rt_flit_o.kind) - 1'b1;
    end
  end
  assign rt_head_sent = rt_pop_i && rt_seq_q == '0;
  always_comb begin  // (the stored packet's kind is read only in a cycle with a nack)
    made_o = '0;
    if (rt_push) made_o = packet_flits(cfg_i, entry_q[hit].kind);
  end
  assign rt_flits_o   = rt_flits_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q    <= '0;
      resend_q   <= '0;
      rt_seq_q   <= '0;
      rt_flits_q <= '0;
    end else begin
      if (echo_frees) valid_q[hit] <= 1'b0;
      if (rt_push) resend_q[hit] <= 1'b1;
      if (rt_head_sent) resend_q[rt_idx] <= 1'b0;  // sent again: waiting for its echo or nack
      if (send_i) begin
        valid_q[free_idx]  <= 1'b1;
        resend_q[free_idx] <= 1'b0;
      end
      if (rt_pop_i) rt_seq_q <= rt_flit_o.tail ? '0 : rt_seq_q + 1'b1;
      rt_flits_q <= rt_flits_q + (SciLenW+1)'(made_o) - (SciLenW+1)'(rt_pop_i);
    end
  end

  always_ff @(posedge clk_i) begin
    if (send_i) begin
      entry_q[free_idx] <= send_flit_i;
      id_q[free_idx]    <= send_flit_i.id;
    end
    if (rt_head_sent) begin
      entry_q[rt_idx] <= rt_head;
      rt_hdr_q        <= rt_head;
    end
  end

`ifndef SYNTHESIS
  // Protocol rules, one bit each under one assertion (see kncsim_prim_fifo).
  // Worked out in the clocked block itself: once per edge, not per evaluation.
  function automatic logic [3:0] broken_rules();
    logic [3:0] b;
    b[0] = answer_valid_i && !hit_found;
    b[1] = send_i && !(room_o && free_found);
    b[2] = rt_pop_i && !rt_valid_o;
    b[3] = 32'(count_o) > 32'(cfg_i.active_packets);
    return b;
  endfunction
  function automatic string rule(input logic [3:0] b);
    if (b[0]) return "an echo or nack for a message it does not hold";
    if (b[1]) return "a packet sent with the active buffer full";
    if (b[2]) return "a retransmission flit sent with none queued";
    if (b[3]) return "more packets held than its strapped size";
    return "";
  endfunction
  task automatic report_broken(input logic [3:0] b, input logic [SciIdW-1:0] id, input int held, input int size);
    /*verilator no_inline_task*/  // out of line: the per-cycle code holds only a call
    $fatal(1, "kncsim_sci_active_buffer %m: %s (answer for message %0h, %0d packets held, size %0d)", rule(b), id,
           held, size);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [3:0] broken;
      broken = broken_rules();
      assert (broken == '0) else report_broken(broken, answer_id_i, int'(count_o), int'(cfg_i.active_packets));
    end
  end
`endif

endmodule
