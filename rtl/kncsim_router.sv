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
  input  logic [Ports*FlitW-1:0]    in_flit_i,
  output logic [Ports-1:0]          in_pop_o,
  output logic [Ports*CreditW-1:0]  credit_o,
  output logic [Ports-1:0]          out_valid_o,
  output logic [Ports*FlitW-1:0]    out_flit_o,
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

  logic [Ports-1:0]       ready, move, wanted, free;
  logic [CreditW-1:0]     used_inc [Ports];  // flit slots taken this cycle, per output
  // The node's coordinates, strapped at reset: routing then depends on registers only, so
  // input pins never ripple through the allocator.
  logic [MaxDims*CoordW-1:0] coord_q, last_q;
  logic [Ports*Ports-1:0] allowed, grant;
  logic [2*Dims:0]        route [Ports];

  for (genvar p = 0; p < Ports; p++) begin : g_fifo
    logic empty;
    logic [FlitW-1:0] data;
    kncsim_fifo #(.Depth(Depth), .Width(FlitW)) u_fifo (
      .clk_i,
      .rst_ni,
      .push_i (in_valid_i[p]),
      .data_i (in_flit_i[p*FlitW +: FlitW]),
      .pop_i  (move[p]),
      .data_o (data),
      .empty_o(empty)
    );
    assign front_valid[p] = !empty;
    assign front[p]       = flit_t'(data);
  end

  for (genvar p = 0; p < Ports; p++) begin : g_route
    kncsim_route_compute #(.Dims(Dims), .Adaptive(Adaptive), .Torus(Torus)) u_route (
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

  // Heads that may request, and the outputs each may take.
  always_comb begin
    ready  = '0;
    wanted = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      if (front_valid[p] && !bound_q[p]) begin
        ready[p] = 1'b1;
        wanted   = wanted | route[p];
      end
    end
    free    = wanted & ~busy_q;
    allowed = '0;
    for (int unsigned p = 0; p < Ports; p++) begin
      for (int unsigned o = 0; o < Ports; o++) begin
        allowed[p*Ports + o] = route[p][o] && free[o] &&
                               has_room(o, used_q[o], CutThrough ? front[p].len : LenW'(1));
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
    out_flit_o  = '0;
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
      for (int unsigned g = 0; g < Ports; g++) begin
        if (grant[p*Ports + g]) begin
          bound = 1'b1;
          o     = IdxW'(g);
        end
      end
      if (bound && front_valid[p] &&
          (front[p].head || o == 0 || CutThrough || has_room(32'(o), used_q[o], LenW'(1)))) begin
        move[p] = 1'b1;
        out_valid_o[o] = 1'b1;
        out_flit_o[32'(o)*FlitW +: FlitW] = front[p];
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

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      coord_q <= coord_i;
      last_q  <= last_i;
      bound_q <= '0;
      busy_q  <= '0;
      for (int unsigned p = 0; p < Ports; p++) begin
        bound_out_q[p] <= '0;
        used_q[p]      <= '0;
      end
    end else begin
      coord_q     <= coord_q;
      last_q      <= last_q;
      bound_q     <= bound_d;
      busy_q      <= busy_d;
      bound_out_q <= bound_out_d;
      used_q      <= used_d;
    end
  end

endmodule
