// An SCI ring node (Scott & Goodman, Figure 2): the CPU port, the switch, and a ring interface
// per dimension (SciMaxDims built, cfg.dims used). Data flows CPU -> switch -> output queue ->
// ring link -> ring buffer / input queue -> switch -> CPU. The CPU offers its next flit on
// cpu_in (valid, and taken when cpu_take_o, in the same cycle: the only path from an input pin
// to an output pin); the CPU gets each flit T_switch cycles after it crossed the switch.
// now_i and prio_i are this cycle's (set before the edge); a node whose edges the testbench
// skips while it is idle keeps its own copy of the time for its queues' fronts.
module kncsim_sci_node
  import kncsim_sci_pkg::*;
(
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  sci_cfg_t             cfg_i,
  input  logic [SciTimeW-1:0]  now_i,
  input  logic [3:0]           prio_i,
  input  logic [SciMaxDims-1:0] ring_in_valid_i,
  input  sci_flit_t            ring_in_i [SciMaxDims],
  output logic [SciMaxDims-1:0] ring_out_valid_o,
  output sci_flit_t            ring_out_o [SciMaxDims],
  input  logic                 cpu_in_valid_i,
  input  sci_flit_t            cpu_in_i,
  output logic                 cpu_take_o,
  output logic                 cpu_out_valid_o,
  output sci_flit_t            cpu_out_o,
  output logic [SciMaxDims-1:0] echo_o,
  output logic [SciMaxDims-1:0] nack_o,
  output logic [SciMaxDims-1:0] corrupt_o,
  output logic [SciMaxDims-1:0] stomp_o,
  output logic [SciMaxDims-1:0] retransmit_o,
  output logic [15:0]          made_o,
  output logic [15:0]          destroyed_o,
  output logic [SciMaxDims-1:0] sent_o,
  output logic [SciMaxDims-1:0] released_o,
  output logic [4:0]           active_max_o,  // the fullest an active buffer was, this cycle included
  output logic [31:0]          held_o,
  output logic                 idle_o
);

  typedef struct packed {
    logic [SciTimeW-1:0] stamp;
    sci_flit_t           flit;
  } timed_flit_t;

  logic [SciSources-1:0] src_valid, src_pop;
  sci_flit_t             src_flit [SciSources];
  logic [SciDests-1:0]   dst_push;
  sci_flit_t             dst_flit [SciDests];
  logic [$clog2(SciSources)-1:0] dst_src [SciDests];
  logic [SciAddrW-1:0]   src_dest [SciSources];
  logic [SciSources-1:0] src_head, src_tail;
  logic [SciMaxDims-1:0] oq_room, ring_idle;
  logic [SciLenW:0]      made [SciMaxDims];
  logic [SciLenW:0]      destroyed [SciMaxDims];
  logic [15:0]           held [SciMaxDims];
  logic [4:0]            active [SciMaxDims];
  logic [4:0]            active_max_q, active_max_d;
  logic [SciTimeW-1:0]   now_q;  // this cycle, as of the last edge

  assign src_valid[0] = cpu_in_valid_i;
  assign src_flit[0]  = cpu_in_i;
  assign cpu_take_o   = src_pop[0];

  for (genvar d = 0; d < SciMaxDims; d++) begin : gen_ring
    kncsim_sci_ring_if #(.Dim(d)) u_ring_if (
      .clk_i, .rst_ni, .cfg_i,
      .due_now_i   (now_q),
      .stamp_now_i (now_i),
      .in_valid_i  (ring_in_valid_i[d]),
      .in_flit_i   (ring_in_i[d]),
      .out_valid_o (ring_out_valid_o[d]),
      .out_flit_o  (ring_out_o[d]),
      .iq_valid_o  (src_valid[1 + d]),
      .iq_flit_o   (src_flit[1 + d]),
      .iq_pop_i    (src_pop[1 + d]),
      .oq_room_o   (oq_room[d]),
      .oq_push_i   (dst_push[d]),
      .oq_flit_i   (dst_flit[d]),
      .echo_o      (echo_o[d]),
      .nack_o      (nack_o[d]),
      .corrupt_o   (corrupt_o[d]),
      .stomp_o     (stomp_o[d]),
      .retransmit_o(retransmit_o[d]),
      .made_o      (made[d]),
      .destroyed_o (destroyed[d]),
      .sent_o      (sent_o[d]),
      .released_o  (released_o[d]),
      .active_next_o(active[d]),
      .held_o      (held[d]),
      .idle_o      (ring_idle[d])
    );
  end

  kncsim_sci_switch u_switch (
    .clk_i, .rst_ni, .prio_i,
    .dims_i     (cfg_i.dims),
    .me_i       (cfg_i.me),
    .src_valid_i(src_valid),
    .src_dest_i (src_dest),
    .src_head_i (src_head),
    .src_tail_i (src_tail),
    .src_pop_o  (src_pop),
    .oq_room_i  (oq_room),
    .dst_push_o (dst_push),
    .dst_src_o  (dst_src)
  );
  for (genvar s = 0; s < SciSources; s++) begin : gen_source
    assign src_dest[s] = src_flit[s].dest;
    assign src_head[s] = src_flit[s].head;
    assign src_tail[s] = src_flit[s].tail;
  end
  for (genvar d = 0; d < SciDests; d++) begin : gen_dest
    assign dst_flit[d] = src_flit[dst_src[d]];
  end

  // The CPU's side of the switch: a flit reaches the CPU T_switch cycles after it crossed.
  timed_flit_t to_cpu_front;
  logic [$clog2(SciMaxDelay+1)-1:0] to_cpu_count;
  always_comb begin  // the front's stamp looked at only when there is a front
    cpu_out_valid_o = 1'b0;
    if (to_cpu_count != '0) cpu_out_valid_o = due(to_cpu_front.stamp, now_q);
  end
  assign cpu_out_o       = to_cpu_front.flit;
  kncsim_prim_fifo #(.Depth(SciMaxDelay), .Width($bits(timed_flit_t)), .FrontReg(1'b1)) u_to_cpu (
    .clk_i, .rst_ni,
    .push_i (dst_push[SciMaxDims]),
    .data_i (timed_flit_t'{stamp: now_i + SciTimeW'(cfg_i.t_switch), flit: dst_flit[SciMaxDims]}),
    .pop_i  (cpu_out_valid_o),
    .drop_i ('0),
    .data_o (to_cpu_front),
    .count_o(to_cpu_count)
  );

  always_comb begin
    made_o       = '0;
    destroyed_o  = '0;
    held_o       = 32'(to_cpu_count);
    active_max_d = active_max_q;
    for (int unsigned d = 0; d < SciMaxDims; d++) begin
      made_o      = made_o + 16'(made[d]);
      destroyed_o = destroyed_o + 16'(destroyed[d]);
      held_o      = held_o + 32'(held[d]);
      if (active[d] > active_max_d) active_max_d = active[d];
    end
  end
  assign active_max_o = active_max_d;
  assign idle_o = &ring_idle && to_cpu_count == '0;

  // The fullest any of its active buffers has been; the time of the next cycle.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_max_q <= '0;
      now_q        <= '0;
    end else begin
      active_max_q <= active_max_d;
      now_q        <= now_i + 1'b1;
    end
  end

`ifndef SYNTHESIS
  // One bit a rule under one assertion (see kncsim_prim_fifo).
  logic [1:0] broken;
  assign broken[0] = !(cfg_i.dims >= 1 && 32'(cfg_i.dims) <= SciMaxDims);
  assign broken[1] = ring_in_valid_i >> cfg_i.dims != '0;
  task automatic report_broken(input logic dims_wrong, input int dims);
    /*verilator no_inline_task*/  // out of line: the per-cycle code holds only a call
    $fatal(1, "kncsim_sci_node %m: %s (%0d dimensions strapped, %0d built)",
           dims_wrong ? "dimensions strapped outside those built"
           : "a flit on the ring input of a dimension the network lacks", dims, SciMaxDims);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (broken == '0) else report_broken(broken[0], int'(cfg_i.dims));
    end
  end
`endif

endmodule
