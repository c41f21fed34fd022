// The kncsim wormhole router with virtual channels (Garnet's shape: input units, VC
// allocation, switch allocation, crossbar): 2*Dims+1 ports, Vcs channels per link port each
// with its own FIFO of Depth flits and its own credits, one channel on the local port.
//   VC allocation   heads at the front of channels that hold no output channel get one
//                   (Arb 0: Pertel's priority token over channels, kncsim_token_alloc;
//                   Arb 1: round robin, kncsim_vc_rr_alloc; Arb 2: oldest packet first,
//                   kncsim_vc_age_alloc), of those their routing allows (kncsim_vc_route:
//                   dateline classes on a torus, Duato's adaptive channels over an escape
//                   pair), Duato's escape channels only when no adaptive one is free;
//   switch allocation  one flit per input port and per output port a cycle
//                   (kncsim_switch_alloc; with Arb 2 each output takes its oldest packet).
// An oldest-first router keeps each flit's age (in_age_i, its packet's generation time then
// id, from the sender) beside it in the FIFO.
// Cycle for cycle the same as the SystemC WormholeRouter with router.vcs = Vcs, wormhole
// credits and routing delay 0. Pins as kncsim_router's, plus the VC of each credit; a flit's
// VC rides in the flit.
module kncsim_vc_router
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims     = 2,
  parameter int unsigned Depth    = 4,
  parameter bit          Adaptive = 1'b0,
  parameter bit          Torus    = 1'b0,
  parameter int unsigned Vcs      = 2,
  parameter int unsigned Arb      = 0,
  localparam int unsigned Ports   = 2 * Dims + 1,
  localparam int unsigned Chans   = Ports * Vcs
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  input  logic [Ports-1:0]          in_valid_i,
  input  logic [Ports*FlitW-1:0]    in_flit_i,
  input  logic [Ports*AgeW-1:0]     in_age_i,
  output logic [Ports-1:0]          in_pop_o,
  output logic [Ports*CreditW-1:0]  credit_o,
  output logic [Ports*VcW-1:0]      credit_vc_o,
  output logic [Ports-1:0]          out_valid_o,
  output logic [Ports*FlitW-1:0]    out_flit_o,
  input  logic [Ports*CreditW-1:0]  credit_i,
  input  logic [Ports*VcW-1:0]      credit_vc_i,
  output logic                      idle_o
);

  localparam int unsigned ChW = $clog2(Chans);
  localparam bit Oldest = Arb == 2;
  localparam int unsigned EntryW = FlitW + (Oldest ? AgeW : 0);  // a FIFO entry: the flit, and its age
  localparam bit Duato = Adaptive && Torus && Vcs >= 3;
  localparam logic [Vcs-1:0] AdaptiveVcs = Vcs'('1) & ~Vcs'(3);

  // ---- input units: a FIFO per channel (c = port * Vcs + vc) and its binding ------------
  flit_t            front [Chans];
  logic [AgeW-1:0]  front_age [Chans];
  logic [Chans-1:0] front_valid, pop;
  logic [Chans-1:0] bound_q, bound_d;
  logic [ChW-1:0]   bound_out_q [Chans];  // the output channel it holds
  logic [ChW-1:0]   bound_out_d [Chans];
  logic [MaxDims*CoordW-1:0] coord_q, last_q;  // strapped at reset

  if (!Oldest) begin : g_no_age
    // verilator lint_off UNUSEDSIGNAL
    logic unused_age;  // ages order packets only in an oldest-first router
    assign unused_age = ^in_age_i;
    // verilator lint_on UNUSEDSIGNAL
  end
  flit_t in_flit [Ports];
  for (genvar p = 0; p < Ports; p++) begin : g_in_flit
    assign in_flit[p] = flit_t'(in_flit_i[p*FlitW +: FlitW]);
  end
  for (genvar c = 0; c < Chans; c++) begin : g_input
    if (c >= Vcs || c == 0) begin : g_fifo  // the local port has one channel
      logic [$clog2(Depth+1)-1:0] count;
      logic [EntryW-1:0] data, entry;
      if (Oldest) begin : g_aged
        assign entry = {in_age_i[(c / Vcs)*AgeW +: AgeW], in_flit_i[(c / Vcs)*FlitW +: FlitW]};
        assign front_age[c] = data[EntryW-1 -: AgeW];
      end else begin : g_plain
        assign entry = in_flit_i[(c / Vcs)*FlitW +: FlitW];
        assign front_age[c] = '0;
      end
      kncsim_prim_fifo #(.Depth(Depth), .Width(EntryW)) u_fifo (
        .clk_i,
        .rst_ni,
        .push_i (in_valid_i[c / Vcs] && 32'(in_flit[c / Vcs].vc) == c % Vcs),
        .data_i (entry),
        .pop_i  (pop[c]),
        .drop_i ('0),
        .data_o (data),
        .count_o(count)
      );
      assign front_valid[c] = count != '0;
      assign front[c]       = flit_t'(data[FlitW-1:0]);
    end else begin : g_none
      assign front_valid[c] = 1'b0;
      assign front[c]       = '0;
      assign front_age[c]   = '0;
      // verilator lint_off UNUSEDSIGNAL
      logic unused_pop;  // never set: the channel is never bound
      assign unused_pop = pop[c];
      // verilator lint_on UNUSEDSIGNAL
    end
  end

  // ---- routing: outputs, then the output channels each front head may take ---------------
  logic [Ports-1:0] route [Chans];
  logic [Chans-1:0] reach [Chans];  // output channels (o * Vcs + vc) by the routing function
  for (genvar c = 0; c < Chans; c++) begin : g_route
    kncsim_route_compute #(.Dims(Dims), .Adaptive(Adaptive), .Torus(Torus)) u_route (
      .clk_i,
      .rst_ni,
      .en_i   (1'b1),
      .coord_i(coord_q),
      .last_i (last_q),
      .dest_i (front[c].dest),
      .route_o(route[c])
    );
    kncsim_vc_route #(.Dims(Dims), .Adaptive(Adaptive), .Torus(Torus), .Vcs(Vcs)) u_vc_route (
      .clk_i,
      .rst_ni,
      .coord_i  (coord_q),
      .last_i   (last_q),
      .route_i  (route[c]),
      .wrapped_i(front[c].wrapped),
      .reach_o  (reach[c])
    );
  end

  // ---- output units: per output channel, held by a packet; its far FIFO's used slots -----
  logic [Chans-1:0] busy_q, busy_d;
  logic [CreditW-1:0] used_q [Chans];
  logic [CreditW-1:0] used_d [Chans];
  logic [Chans-1:0] room, free;
  always_comb begin
    for (int unsigned oc = 0; oc < Chans; oc++) begin
      room[oc] = oc < Vcs || 32'(used_q[oc]) < Depth;  // the local output always has room
      free[oc] = !busy_q[oc] && (oc >= Vcs || oc == 0);
    end
  end

  // ---- VC allocation -------------------------------------------------------------------
  logic [Chans-1:0]       ready;
  logic [Chans*Chans-1:0] allowed, grant;
  always_comb begin
    logic [Chans-1:0] adaptive_chans, a;
    adaptive_chans = '0;
    for (int unsigned o = 1; o < Ports; o++) adaptive_chans[o*Vcs +: Vcs] = AdaptiveVcs;
    for (int unsigned c = 0; c < Chans; c++) begin
      ready[c] = front_valid[c] && !bound_q[c];
      a = reach[c] & free & room;
      if (Duato && (a & adaptive_chans) != '0) a = a & adaptive_chans;  // escape only if no adaptive one
      allowed[c*Chans +: Chans] = ready[c] ? a : '0;
    end
  end

  if (Arb == 0) begin : g_token
    kncsim_token_alloc #(.Ports(Chans)) u_alloc (
      .clk_i, .rst_ni, .ready_i(ready), .allowed_i(allowed), .free_i(free), .grant_o(grant));
  end else if (Arb == 1) begin : g_round_robin
    kncsim_vc_rr_alloc #(.Chans(Chans)) u_alloc (
      .clk_i, .rst_ni, .ready_i(ready), .allowed_i(allowed), .grant_o(grant));
  end else begin : g_oldest
    kncsim_vc_age_alloc #(.Chans(Chans)) u_alloc (
      .clk_i, .rst_ni, .ready_i(ready), .allowed_i(allowed), .age_i(front_age), .grant_o(grant));
  end

  // Bindings after this cycle's grants: a head may cross in the cycle it won its channel.
  logic [Chans-1:0] bound;
  logic [ChW-1:0]   bound_out [Chans];
  always_comb begin
    for (int unsigned c = 0; c < Chans; c++) begin
      bound[c]     = bound_q[c];
      bound_out[c] = bound_out_q[c];
      for (int unsigned oc = 0; oc < Chans; oc++) begin
        if (grant[c*Chans + oc]) begin
          bound[c]     = 1'b1;
          bound_out[c] = ChW'(oc);
        end
      end
    end
  end

  // ---- switch allocation ---------------------------------------------------------------
  logic [Chans-1:0] wants [Ports];
  logic [Chans-1:0] crossing;
  always_comb begin
    for (int unsigned o = 0; o < Ports; o++) wants[o] = '0;
    for (int unsigned c = 0; c < Chans; c++) begin
      if (bound[c] && front_valid[c] && (front[c].head || room[bound_out[c]])) begin
        wants[32'(bound_out[c]) / Vcs][c] = 1'b1;
      end
    end
  end
  kncsim_switch_alloc #(.Ports(Ports), .Vcs(Vcs), .Oldest(Oldest)) u_switch (
    .clk_i, .rst_ni, .wants_i(wants), .age_i(front_age), .cross_o(crossing));

  // ---- crossbar ------------------------------------------------------------------------
  logic [CreditW-1:0] used_inc [Chans];
  always_comb begin
    flit_t f;
    int unsigned o;
    f           = '0;
    o           = 0;
    pop         = '0;
    in_pop_o    = '0;
    out_valid_o = '0;
    out_flit_o  = '0;
    credit_o    = '0;
    credit_vc_o = '0;
    bound_d     = bound;
    bound_out_d = bound_out;
    busy_d      = busy_q;
    for (int unsigned oc = 0; oc < Chans; oc++) used_inc[oc] = '0;
    for (int unsigned c = 0; c < Chans; c++) begin
      if (bound[c]) busy_d[bound_out[c]] = 1'b1;
    end
    for (int unsigned c = 0; c < Chans; c++) begin
      f = front[c];
      o = 32'(bound_out[c]) / Vcs;
      if (crossing[c]) begin
        f.vc = VcW'(32'(bound_out[c]) % Vcs);
        if (Torus && o != 0) begin  // the wraparound wire crosses the dateline
          if (o % 2 == 0 ? coord_q[((o-1)/2)*CoordW +: CoordW] == last_q[((o-1)/2)*CoordW +: CoordW]
                         : coord_q[((o-1)/2)*CoordW +: CoordW] == '0) begin
            f.wrapped[(o-1)/2] = 1'b1;
          end
        end
        pop[c] = 1'b1;
        in_pop_o[c / Vcs] = 1'b1;
        out_valid_o[o] = 1'b1;
        out_flit_o[o*FlitW +: FlitW] = f;
        credit_o[(c / Vcs)*CreditW +: CreditW] = CreditW'(1);
        credit_vc_o[(c / Vcs)*VcW +: VcW] = VcW'(c % Vcs);
        if (o != 0) used_inc[bound_out[c]] = CreditW'(1);
        if (front[c].tail) begin
          bound_d[c] = 1'b0;
          busy_d[bound_out[c]] = 1'b0;
        end
      end
    end
  end

  // Credits arriving on the pins go straight into the registers.
  always_comb begin
    for (int unsigned oc = 0; oc < Chans; oc++) begin
      used_d[oc] = used_q[oc] + used_inc[oc] -
                   (32'(credit_vc_i[(oc / Vcs)*VcW +: VcW]) == oc % Vcs ? credit_i[(oc / Vcs)*CreditW +: CreditW]
                                                                        : CreditW'(0));
    end
  end

  always_comb begin
    idle_o = (bound_q == '0) && (busy_q == '0) && (front_valid == '0);
    for (int unsigned oc = 0; oc < Chans; oc++) idle_o = idle_o && used_q[oc] == '0;
  end

  kncsim_router_regs #(.Name("kncsim_vc_router"), .Dims(Dims), .Ins(Chans), .Outs(Chans)) u_regs (
    .clk_i, .rst_ni, .coord_i, .last_i, .coord_o(coord_q), .last_o(last_q), .bound_i(bound_d), .bound_o(bound_q),
    .bound_out_i(bound_out_d), .bound_out_o(bound_out_q), .busy_i(busy_d), .busy_o(busy_q), .used_i(used_d),
    .used_o(used_q));

`ifndef SYNTHESIS
  // Protocol rules, one channel mask each (input channels c, output channels oc, or ports p),
  // under one assertion (see kncsim_prim_fifo). A channel may hold its output channel with its head
  // still waiting for the switch, so the rules on packets follow what crossed (moved_q):
  //   HeadInsidePacket_A     c   a head at the front of a channel whose packet has begun to cross
  //                              (its tail went missing)
  //   BodyWithoutHead_A      c   a body flit at the front of a channel whose packet's head has
  //                              not crossed
  //   OutputHeldOnce_A       oc  an output channel held by two inputs, or busy without one holder
  //   CreditBound_A          oc  used far slots above Depth (a local or missing channel's not 0)
  //   CreditUnderflow_A      oc  more credits back on a channel than flits sent on it
  //   FlitWithoutCredit_A    oc  a flit sent on a network channel with no room for it downstream
  //   CrossbarConflict_A     p   two flits from one input port, or on one output port, in a cycle
  //   OffRoute_A             c   a head leaving on a channel its routing does not allow
  //   MissingChannel_A       p   a flit or credit on a VC the port does not have
  // Checked in clocked blocks: the rules cost once per edge, not per evaluation.
  localparam int unsigned Rules = 9;
  logic [Chans-1:0] moved_q;  // a flit of the packet bound to the channel has crossed, not its tail
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      moved_q <= '0;
    end else begin
      for (int unsigned c = 0; c < Chans; c++) begin
        if (crossing[c]) moved_q[c] <= !front[c].tail;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [Rules-1:0][Chans-1:0] bad;
      logic [Chans-1:0] held;
      logic [Chans-1:0] took, sent;  // by port (the low Ports bits)
      logic [ChW-1:0] o, p;  // ports, as indices into the channel-wide masks
      held = '0;
      took = '0;
      sent = '0;
      o    = 0;
      p    = 0;
      bad  = '0;
      for (int unsigned c = 0; c < Chans; c++) begin
        bad[0][c] = front_valid[c] && front[c].head && moved_q[c];
        bad[1][c] = front_valid[c] && !front[c].head && !moved_q[c];
        if (bound_q[c]) begin
          bad[2][bound_out_q[c]] = bad[2][bound_out_q[c]] || held[bound_out_q[c]];
          held[bound_out_q[c]] = 1'b1;
        end
        if (crossing[c]) begin
          o = ChW'(32'(bound_out[c]) / Vcs);
          p = ChW'(c / Vcs);
          bad[6][o] = bad[6][o] || sent[o];
          bad[6][p] = bad[6][p] || took[p];
          sent[o] = 1'b1;
          took[p] = 1'b1;
          bad[7][c] = front[c].head && !reach[c][bound_out[c]];
        end
      end
      for (int unsigned oc = 0; oc < Chans; oc++) begin
        bad[2][oc] = bad[2][oc] || held[oc] != busy_q[oc];
        bad[3][oc] = oc >= Vcs ? 32'(used_q[oc]) > Depth : used_q[oc] != '0;
        bad[4][oc] = 32'(credit_vc_i[(oc / Vcs)*VcW +: VcW]) == oc % Vcs &&
                     credit_i[(oc / Vcs)*CreditW +: CreditW] > used_q[oc];
        bad[5][oc] = used_inc[oc] != '0 && 32'(used_q[oc]) >= Depth;
      end
      for (int unsigned q = 0; q < Ports; q++) begin
        bad[8][q] = (in_valid_i[q] && (32'(in_flit[q].vc) >= (q == 0 ? 1 : Vcs))) ||
                    (credit_i[q*CreditW +: CreditW] != '0 && 32'(credit_vc_i[q*VcW +: VcW]) >= Vcs);
      end
      assert (bad == '0) else report_broken(bad, coord_q);
    end
  end
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic [Rules-1:0][Chans-1:0] rules, input logic [MaxDims*CoordW-1:0] coord);
    /*verilator no_inline_task*/
    int unsigned rule, at;
    rule = 0;
    at   = 0;
    for (int unsigned r = Rules; r > 0; r--) if (rules[r-1] != '0) rule = r - 1;
    for (int unsigned c = Chans; c > 0; c--) if (rules[rule][c-1]) at = c - 1;
    $fatal(1, "kncsim_vc_router %m: %s %0d (port %0d, VC %0d; node (%0d, %0d, %0d), %0d VCs of %0d flits)",
           string'(rule == 0 ? "HeadInsidePacket_A: a head at the front of a channel whose packet has begun to cross, input channel"
         : rule == 1 ? "BodyWithoutHead_A: a body flit at the front of a channel whose packet's head has not crossed, input channel"
         : rule == 2 ? "OutputHeldOnce_A: an output channel held by two inputs, or busy without one holder, channel"
         : rule == 3 ? "CreditBound_A: used far slots out of bounds, output channel"
         : rule == 4 ? "CreditUnderflow_A: more credits back than flits sent, output channel"
         : rule == 5 ? "FlitWithoutCredit_A: a flit sent with no room for it downstream, output channel"
         : rule == 6 ? "CrossbarConflict_A: two flits from one input port or on one output port, port"
         : rule == 7 ? "OffRoute_A: a head left on a channel its routing does not allow, input channel"
                     : "MissingChannel_A: a flit or credit on a VC the port does not have, port"),
           at, rule >= 6 && rule != 7 ? at : at / Vcs, rule >= 6 && rule != 7 ? 0 : at % Vcs,
           coord[0 +: CoordW], coord[CoordW +: CoordW], coord[2*CoordW +: CoordW], Vcs, Depth);
  endtask

  // ---- functional coverage (--coverage-user) ----
  // Per output channel: granted to a head; a bound channel's flit waited for its credit. Per
  // input port: two of its channels had a flit to send and one lost the switch. Per output
  // port: a head took it with room downstream for fewer flits than its packet. Per dimension
  // of a torus: a head crossed its dateline here.
  // verilator lint_off UNUSEDSIGNAL
  logic [Chans-1:0] granted, stalled;  // by channel; covered for the link channels
  logic [Ports-1:0] lost, short_admit; // by port; short_admit covered for the link outputs
  logic [MaxDims-1:0] dateline;
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    logic [Ports-1:0] ready_port;
    // verilator lint_off UNUSEDSIGNAL
    flit_t sent;  // only its wrapped bits count here
    // verilator lint_on UNUSEDSIGNAL
    sent        = '0;
    granted     = '0;
    stalled     = '0;
    lost        = '0;
    short_admit = '0;
    dateline    = '0;
    ready_port  = '0;
    for (int unsigned c = 0; c < Chans; c++) begin
      granted = granted | grant[c*Chans +: Chans];
      if (bound_q[c] && front_valid[c] && !crossing[c] && !room[bound_out_q[c]]) stalled[bound_out_q[c]] = 1'b1;
      if (bound[c] && front_valid[c] && (front[c].head || room[bound_out[c]])) begin
        lost[c / Vcs] = lost[c / Vcs] || ready_port[c / Vcs];
        ready_port[c / Vcs] = 1'b1;
      end
      if (crossing[c] && front[c].head && 32'(bound_out[c]) >= Vcs) begin
        short_admit[32'(bound_out[c]) / Vcs] = 32'(used_q[bound_out[c]]) + 32'(front[c].len) > Depth;
        sent = flit_t'(out_flit_o[(32'(bound_out[c]) / Vcs)*FlitW +: FlitW]);
        dateline = dateline | (sent.wrapped & ~front[c].wrapped);
      end
    end
  end
  for (genvar p = 0; p < Ports; p++) begin : gen_turn
    for (genvar o = 0; o < Ports; o++) begin : gen_to
      localparam int unsigned InDim = (p - 1) / 2, OutDim = (o - 1) / 2;
      localparam bit Minimal = p == 0 || o == 0 || (InDim == OutDim ? o != p : (Adaptive || OutDim > InDim));
      if (Minimal) begin : gen_cover
        logic turn;
        always_comb begin
          turn = 1'b0;
          for (int unsigned v = 0; v < Vcs; v++) begin
            turn = turn || (crossing[p*Vcs + v] && front[p*Vcs + v].head && 32'(bound_out[p*Vcs + v]) / Vcs == o);
          end
        end
        Turn_C: cover property (@(posedge clk_i) disable iff (!rst_ni) turn);
      end
    end
  end
  for (genvar oc = Vcs; oc < Chans; oc++) begin : gen_chan_cover
    VcGranted_C:   cover property (@(posedge clk_i) disable iff (!rst_ni) granted[oc]);
    CreditStall_C: cover property (@(posedge clk_i) disable iff (!rst_ni) stalled[oc]);
  end
  for (genvar p = 1; p < Ports; p++) begin : gen_port_cover
    SwitchLost_C:    cover property (@(posedge clk_i) disable iff (!rst_ni) lost[p]);
    WormholeAdmit_C: cover property (@(posedge clk_i) disable iff (!rst_ni) short_admit[p]);
  end
  if (Torus) begin : gen_torus_cover
    for (genvar k = 0; k < Dims; k++) begin : gen_dim
      DatelineCrossed_C: cover property (@(posedge clk_i) disable iff (!rst_ni) dateline[k]);
    end
  end
`endif

endmodule
