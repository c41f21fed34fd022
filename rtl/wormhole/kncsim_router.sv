// The kncsim wormhole router: 2*Dims+1 ports (local = 0, pred(k) = 2k+1, succ(k) = 2k+2),
// input FIFOs of Depth flits on the network ports, one channel per link (with virtual
// channels: kncsim_vc_router), mesh or torus (Torus: the shorter way round), Pertel's priority-token channel
// assignment, a crossbar, and credit flow control (wormhole: a flit per free slot;
// cut-through: a head needs room for its whole packet). Cycle for cycle the same as the
// SystemC WormholeRouter with finite FIFOs and routing delay 0.
//
// Pins, cycle t (every input, the local one from the network interface included):
//   in_valid_i/in_flit_i[p]    flit written into FIFO p at the edge, usable from t+1
//   in_pop_o[p]                a flit left input p
//   credit_o[p]                credits returned upstream for input p (flits of room freed)
//   out_valid_o/out_flit_o[o]  flit sent on output o (o = 0: to the network interface)
//   credit_i[o]                credits arriving for output o, usable from t+1
//   idle_o                     no flit inside, no packet holding an output, no credit owed:
//                              a clock edge with no input would change nothing
module kncsim_router
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims       = 2,
  parameter int unsigned Depth      = 4,
  parameter bit          Adaptive   = 1'b0,
  parameter bit          CutThrough = 1'b0,
  parameter bit          Torus      = 1'b0,
  localparam int unsigned Ports     = 2 * Dims + 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  input  logic [Ports-1:0]          in_valid_i,
  input  flit_t                     in_flit_i [Ports],  // one word a port: no wide vector to slice
  output logic [Ports-1:0]          in_pop_o,
  output logic [Ports*CreditW-1:0]  credit_o,
  output logic [Ports-1:0]          out_valid_o,
  output flit_t                     out_flit_o [Ports],
  input  logic [Ports*CreditW-1:0]  credit_i,
  output logic                      idle_o
);

  localparam int unsigned IdxW = $clog2(Ports);

  // Per input: the FIFO front, and the output its packet holds.
  flit_t            front       [Ports];
  logic [Ports-1:0] front_valid;
  logic [Ports-1:0] bound_q, bound_d;
  logic [IdxW-1:0]  bound_out_q [Ports];
  logic [IdxW-1:0]  bound_out_d [Ports];
  // Per output: held by a packet; flit slots used in the far FIFO (0 at reset).
  logic [Ports-1:0] busy_q, busy_d;
  logic [CreditW-1:0] used_q [Ports];
  logic [CreditW-1:0] used_d [Ports];

  logic [Ports-1:0]       ready, move, wanted, free, room1;
  logic [CreditW-1:0]     used_inc [Ports];  // flit slots taken this cycle, per output
  // The node's coordinates, strapped at reset: routing then depends on registers only, so
  // input pins never ripple through the allocator.
  logic [MaxDims*CoordW-1:0] coord_q, last_q;
  logic [Ports*Ports-1:0] allowed, grant;
  logic [2*Dims:0]        route [Ports];

  for (genvar p = 0; p < Ports; p++) begin : g_fifo
    logic [$clog2(Depth+1)-1:0] count;
    logic [FlitW-1:0] data;
    kncsim_prim_fifo #(.Depth(Depth), .Width(FlitW)) u_fifo (
      .clk_i,
      .rst_ni,
      .push_i (in_valid_i[p]),
      .data_i (in_flit_i[p]),
      .pop_i  (move[p]),
      .drop_i ('0),
      .data_o (data),
      .count_o(count)
    );
    assign front_valid[p] = count != '0;
    assign front[p]       = flit_t'(data);
  end

  for (genvar p = 0; p < Ports; p++) begin : g_route
    kncsim_route_compute #(.Dims(Dims), .Adaptive(Adaptive), .Torus(Torus)) u_route (
      .clk_i,
      .rst_ni,
      .en_i   (front_valid[p] && !bound_q[p]),  // a head waits (a front while unbound is a head)
      .coord_i(coord_q),
      .last_i (last_q),
      .dest_i (front[p].dest),
      .route_o(route[p])
    );
  end

  // Room in the far FIFO of output o for `flits` more flits (the local output always has room).
  function automatic logic has_room(int unsigned o, logic [CreditW-1:0] used, logic [LenW-1:0] flits);
    return (o == 0) || (32'(used) + 32'(flits) <= Depth);
  endfunction

  // Heads that may request, and the outputs each may take (worked out only in a cycle with a
  // head waiting, which most cycles of a long packet's wormhole are not: the allocator and its
  // check read them only for ready inputs).
  always_comb begin
    ready   = '0;
    wanted  = '0;
    free    = '0;
    room1   = '0;
    allowed = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      if (front_valid[p] && !bound_q[p]) begin
        ready[p] = 1'b1;
        wanted   = wanted | route[p];
      end
    end
    if (ready != '0) begin
      free = wanted & ~busy_q;
      // Wormhole: room for one flit, the same for every head; cut-through: for its packet.
      for (int unsigned o = 0; o < Ports; o++) begin
        room1[o] = has_room(o, used_q[o], LenW'(1));
      end
      for (int unsigned p = 0; p < Ports; p++) begin
        if (!ready[p]) continue;
        if (CutThrough) begin
          for (int unsigned o = 0; o < Ports; o++) begin
            allowed[p*Ports + o] = route[p][o] && free[o] && has_room(o, used_q[o], front[p].len);
          end
        end else begin
          allowed[p*Ports +: Ports] = route[p] & free & room1;
        end
      end
    end
  end

  kncsim_token_alloc #(.Ports(Ports)) u_alloc (
    .clk_i,
    .rst_ni,
    .ready_i  (ready),
    .allowed_i(allowed),
    .free_i   (free),
    .grant_o  (grant)
  );

  // The crossbar: one flit per bound input; bindings, credits and busy outputs for next cycle.
  always_comb begin
    move        = '0;
    out_valid_o = '0;
    for (int unsigned o = 0; o < Ports; o++) out_flit_o[o] = '0;
    credit_o    = '0;
    bound_d     = bound_q;
    bound_out_d = bound_out_q;
    busy_d      = busy_q;
    for (int unsigned o = 0; o < Ports; o++) begin
      used_inc[o] = '0;
    end
    for (int unsigned p = 0; p < Ports; p++) begin
      logic             bound;
      logic [IdxW-1:0]  o;
      bound = bound_q[p];
      o     = bound_out_q[p];
      if (grant[p*Ports +: Ports] != '0) begin
        for (int unsigned g = 0; g < Ports; g++) begin
          if (grant[p*Ports + g]) begin
            bound = 1'b1;
            o     = IdxW'(g);
          end
        end
      end
      if (bound && front_valid[p] &&
          (front[p].head || o == 0 || CutThrough || has_room(32'(o), used_q[o], LenW'(1)))) begin
        move[p] = 1'b1;
        out_valid_o[o] = 1'b1;
        out_flit_o[o] = front[p];
        if (o != 0 && (!CutThrough || front[p].head)) begin
          used_inc[o] = CutThrough ? front[p].len : CreditW'(1);
        end
        if (!CutThrough || front[p].head) begin
          credit_o[p*CreditW +: CreditW] = CutThrough ? front[p].len : CreditW'(1);
        end
        bound_d[p]     = !front[p].tail;
        bound_out_d[p] = o;
        busy_d[o]      = !front[p].tail;
      end else if (bound) begin
        bound_d[p]     = 1'b1;
        bound_out_d[p] = o;
        busy_d[o]      = 1'b1;
      end
    end
  end
  assign in_pop_o = move;

  always_comb begin
    idle_o = (bound_q == '0) && (busy_q == '0);
    for (int unsigned p = 0; p < Ports; p++) begin
      idle_o = idle_o && !front_valid[p] && (p == 0 || used_q[p] == '0);
    end
  end

  // Credits arriving on the pins go straight into the registers.
  always_comb begin
    for (int unsigned o = 0; o < Ports; o++) begin
      used_d[o] = used_q[o] + used_inc[o] - credit_i[o*CreditW +: CreditW];
    end
  end

  kncsim_router_regs #(.Name("kncsim_router"), .Dims(Dims), .Ins(Ports), .Outs(Ports)) u_regs (
    .clk_i, .rst_ni, .coord_i, .last_i, .coord_o(coord_q), .last_o(last_q), .bound_i(bound_d), .bound_o(bound_q),
    .bound_out_i(bound_out_d), .bound_out_o(bound_out_q), .busy_i(busy_d), .busy_o(busy_q), .used_i(used_d),
    .used_o(used_q));

`ifndef SYNTHESIS
  // Protocol rules, one port mask each, under one assertion (see kncsim_prim_fifo):
  //   HeadWhileBound_A      a head at the front of an input still bound (a tail went missing)
  //   BodyWithoutBinding_A  a body flit at the front of an input that holds no output
  //   OutputHeldOnce_A      an output held by two inputs, or busy without exactly one holder
  //   CreditBound_A         an output's used far slots above Depth (the local output's not 0)
  //   CreditUnderflow_A     more credits back on an output than flits sent on it
  //   FlitWithoutCredit_A   a flit sent on a network output with no room for it downstream
  //   CrossbarConflict_A    two inputs sending on one output in a cycle
  //   OffRoute_A            a head leaving on an output its routing does not allow
  // Checked in the clocked block itself: the rules cost once per edge, not per evaluation.
  localparam int unsigned Rules = 8;
  // Each rule is one port mask, worked out with whole-vector operations (per-bit updates of a
  // two-dimensional vector cost a simulator a read-modify-write each) in a function: Verilator
  // keeps a function's variables as C++ locals, a clocked block's as members of the model.
  function automatic logic [Rules-1:0][Ports-1:0] broken_rules();
    logic [Ports-1:0] heads, over, underflow, held, held_twice, sent, sent_twice, off_route, no_credit, at;
    {heads, over, underflow, held, held_twice, sent, sent_twice, off_route, no_credit} = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      heads[p]     = front[p].head;
      over[p]      = p == 0 ? used_q[p] != '0 : 32'(used_q[p]) > Depth;
    end
    if (credit_i != '0) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        underflow[p] = credit_i[p*CreditW +: CreditW] > used_q[p];
      end
    end
    // The credits, the bindings and the moves, looked at only when there are any.
    if (bound_q != '0) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        if (bound_q[p]) begin
          at         = Ports'(1) << bound_out_q[p];
          held_twice = held_twice | (held & at);
          held       = held | at;
        end
      end
    end
    if (move != '0) begin
      for (int unsigned p = 0; p < Ports; p++) begin
        if (move[p]) begin  // where the flit went: bound_out_d
          at           = Ports'(1) << bound_out_d[p];
          sent_twice   = sent_twice | (sent & at);
          sent         = sent | at;
          off_route[p] = front[p].head && (route[p] & at) == '0;
          if (bound_out_d[p] != '0 && (!CutThrough || front[p].head) &&
              32'(used_q[bound_out_d[p]]) + (CutThrough ? 32'(front[p].len) : 1) > Depth) begin
            no_credit = no_credit | at;
          end
        end
      end
    end
    return {off_route, sent_twice, no_credit, underflow, over, held_twice | (held ^ busy_q),
            front_valid & ~heads & ~bound_q, front_valid & heads & bound_q};
  endfunction
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [Rules-1:0][Ports-1:0] bad;
      bad = broken_rules();
      assert (bad == '0) else report_broken(bad, coord_q);
    end
  end
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic [Rules-1:0][Ports-1:0] rules, input logic [MaxDims*CoordW-1:0] coord);
    /*verilator no_inline_task*/
    int unsigned rule, port;
    rule = 0;
    port = 0;
    for (int unsigned r = Rules; r > 0; r--) if (rules[r-1] != '0) rule = r - 1;
    for (int unsigned p = Ports; p > 0; p--) if (rules[rule][p-1]) port = p - 1;
    $fatal(1, "kncsim_router %m: %s (port %0d, node (%0d, %0d, %0d), FIFOs of %0d flits)",
           string'(rule == 0 ? "HeadWhileBound_A: a head at the front of an input still bound to an output"
         : rule == 1 ? "BodyWithoutBinding_A: a body flit at the front of an input that holds no output"
         : rule == 2 ? "OutputHeldOnce_A: an output held by two inputs, or busy without one holder"
         : rule == 3 ? "CreditBound_A: an output's used far slots out of bounds"
         : rule == 4 ? "CreditUnderflow_A: more credits back than flits sent"
         : rule == 5 ? "FlitWithoutCredit_A: a flit sent with no room for it downstream"
         : rule == 6 ? "CrossbarConflict_A: two inputs sent on one output in a cycle"
                     : "OffRoute_A: a head left on an output its routing does not allow"),
           port, coord[0 +: CoordW], coord[CoordW +: CoordW], coord[2*CoordW +: CoordW], Depth);
  endtask

  // ---- functional coverage (--coverage-user) ----
  // Per output: a bound input's flit waited for credit; a head took it with room downstream
  // for fewer flits than its packet (wormhole), or exactly for its packet (cut-through).
  // verilator lint_off UNUSEDSIGNAL
  logic [Ports-1:0] stalled, short_admit, tight_admit;  // by output; covered for the link outputs
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    stalled     = '0;
    short_admit = '0;
    tight_admit = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      if (bound_q[p] && front_valid[p] && !move[p]) stalled[bound_out_q[p]] = 1'b1;
      if (move[p] && front[p].head && bound_out_d[p] != '0) begin
        short_admit[bound_out_d[p]] = 32'(used_q[bound_out_d[p]]) + 32'(front[p].len) > Depth;
        tight_admit[bound_out_d[p]] = 32'(used_q[bound_out_d[p]]) + 32'(front[p].len) == Depth;
      end
    end
  end
  // Turns a minimal route can take: from the local input anywhere; from a link input to the
  // local output, straight on, or into another dimension (dimension order: a higher one only).
  for (genvar p = 0; p < Ports; p++) begin : gen_turn
    for (genvar o = 0; o < Ports; o++) begin : gen_to
      localparam int unsigned InDim = (p - 1) / 2, OutDim = (o - 1) / 2;
      localparam bit Minimal = p == 0 || o == 0 || (InDim == OutDim ? o != p : (Adaptive || OutDim > InDim));
      if (Minimal) begin : gen_cover
        Turn_C: cover property (@(posedge clk_i) disable iff (!rst_ni)
                                move[p] && front[p].head && 32'(bound_out_d[p]) == o);
      end
    end
  end
  for (genvar o = 1; o < Ports; o++) begin : gen_out_cover
    CreditStall_C: cover property (@(posedge clk_i) disable iff (!rst_ni) stalled[o]);
    if (CutThrough) begin : gen_cut_through
      TightAdmit_C: cover property (@(posedge clk_i) disable iff (!rst_ni) tight_admit[o]);
    end else begin : gen_wormhole
      WormholeAdmit_C: cover property (@(posedge clk_i) disable iff (!rst_ni) short_admit[o]);
    end
  end
`endif

endmodule
