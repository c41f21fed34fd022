// Pertel's channel assignment (SNS listing simulate / findpin) as synchronous logic.
// PIN (the priority token) and POUT (the output pointer) are registers; each cycle the
// listing's double loop over in = PIN+i, out = POUT+o runs as bounded, unrolled logic, with
// PIN and POUT moving inside it exactly as in the listing. Same order as the C++ model in
// systemc/router/priority_token.hpp, so grants agree cycle for cycle.
`include "kncsim_prim_assert.svh"

module kncsim_token_alloc #(
  parameter int unsigned Ports = 5
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [Ports-1:0]       ready_i,    // inputs with a head that may go this cycle
  input  logic [Ports*Ports-1:0] allowed_i,  // [in*Ports +: Ports]: outputs input `in` may take
  input  logic [Ports-1:0]       free_i,     // outputs that can take a head this cycle
  output logic [Ports*Ports-1:0] grant_o     // [in*Ports + out]: input `in` wins output `out`
);

  localparam int unsigned IdxW = $clog2(Ports);
  localparam logic [Ports-1:0] All = '1;

  logic [IdxW-1:0] pin_q, pin_d, pout_q, pout_d;

  function automatic int unsigned wrap(int unsigned x);
    return (x >= Ports) ? x - Ports : x;
  endfunction

  // Bit (by+i) mod Ports of `mask` -> bit i.
  function automatic logic [Ports-1:0] rotate(logic [Ports-1:0] mask, int unsigned by);
    return Ports'({mask, mask} >> by);
  endfunction

  function automatic int unsigned lowest(logic [Ports-1:0] mask);
    return kncsim_prim_pkg::lowest_index(kncsim_prim_pkg::PickW'(mask));
  endfunction

  // The listing's findpin: the first ready input at or after PIN, wrapping.
  function automatic int unsigned findpin(logic [Ports-1:0] ready, int unsigned pin);
    return kncsim_prim_pkg::round_robin_index(kncsim_prim_pkg::PickW'(ready), pin);
  endfunction

  always_comb begin
    logic [Ports-1:0] ready, free, cand, later;
    int unsigned pin, pout, i, o, in, out;
    logic done, stop;
    ready   = ready_i;
    free    = free_i;
    pin     = 32'(pin_q);
    pout    = 32'(pout_q);
    grant_o = '0;
    done    = (ready == '0);
    i       = 0;
    in      = 0;
    o       = 0;
    out     = 0;
    stop    = 1'b0;
    cand    = '0;
    later   = '0;
    if (!done) pin = findpin(ready, pin);
    // At most Ports outer steps (i only grows) and Ports+1 inner steps (each grants or stops).
    for (int unsigned step_i = 0; step_i < Ports; step_i++) begin
      if (!done) begin
        in   = wrap(pin + i);
        o    = 0;
        stop = 1'b0;
        for (int unsigned step_o = 0; step_o <= Ports; step_o++) begin
          if (!stop && ready[in]) begin
            cand = rotate(allowed_i[in*Ports +: Ports] & free, pout) & (All << o);
            if (cand == '0) begin
              stop = 1'b1;
            end else begin
              o   = lowest(cand);
              out = wrap(pout + o);
              grant_o[in*Ports + out] = 1'b1;
              ready[in] = 1'b0;
              free[out] = 1'b0;
              if (i == 0) begin
                pin = wrap(pin + 1);
                if (ready != '0) pin = findpin(ready, pin);
              end
              if (o == 0) pout = wrap(pout + 1);
              o  = o + 1;
              in = wrap(pin + i);
            end
          end
        end
        later = rotate(ready, pin) & (All << (i + 1));
        if (later == '0) done = 1'b1;
        else i = lowest(later);
      end
    end
    pin_d  = IdxW'(pin);
    pout_d = IdxW'(pout);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pin_q  <= '0;
      pout_q <= '0;
    end else begin
      pin_q  <= pin_d;
      pout_q <= pout_d;
    end
  end

  kncsim_grant_check #(.Name("kncsim_token_alloc"), .Ins(Ports), .Outs(Ports)) u_grant_check (
    .clk_i, .rst_ni, .ready_i, .allowed_i, .free_i, .grant_i(grant_o));

`ifndef SYNTHESIS
  // PointerRange_A: the token and the output pointer name ports; both start at port 0.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(pin_q) < Ports && 32'(pout_q) < Ports)
        else $fatal(1, "kncsim_token_alloc %m: PointerRange_A: PIN %0d or POUT %0d past %0d ports", pin_q, pout_q, Ports);
    end
  end
  `KNCSIM_ASSERT_RESET_STATE("kncsim_token_alloc", "AllocResetKnown_A: PIN or POUT not 0 after reset",
                             !$isunknown({pin_q, pout_q}) && pin_q == '0 && pout_q == '0)

  // Functional coverage: the token and the output pointer rotate through every port, and the
  // token moves on in a cycle with two inputs granted.
  for (genvar i = 0; i < Ports; i++) begin : gen_cover
    TokenAt_C: cover property (@(posedge clk_i) disable iff (!rst_ni) 32'(pin_q) == i);
    PoutAt_C:  cover property (@(posedge clk_i) disable iff (!rst_ni) 32'(pout_q) == i);
  end
  TwoGrants_C: cover property (@(posedge clk_i) disable iff (!rst_ni) !$onehot0(grant_o));
`endif

endmodule
