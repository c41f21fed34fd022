// The routing function's virtual-channel part (as the SystemC vc_classes.hpp and the
// router's channels_of): the output channels (o * Vcs + vc) a head at this node may take,
// given the output ports its routing allows.
//   mesh            any channel of each allowed output (the local output has one)
//   torus           the dateline class (Dally & Seitz): even VCs until the packet takes a
//                   dimension's wraparound wire, odd ones on it and after (wrapped_i)
//   Duato (Adaptive, Torus, Vcs >= 3)  VCs 2 up of every profitable output, and the escape
//                   pair's class of the dimension-order one (the lowest port)
module kncsim_vc_route
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims     = 2,
  parameter bit          Adaptive = 1'b0,
  parameter bit          Torus    = 1'b0,
  parameter int unsigned Vcs      = 2,
  localparam int unsigned Ports   = 2 * Dims + 1,
  localparam int unsigned Chans   = Ports * Vcs
) (
  input  logic                      clk_i,   // for the assertions only
  input  logic                      rst_ni,
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  input  logic [Ports-1:0]          route_i,
  input  logic [MaxDims-1:0]        wrapped_i,
  output logic [Chans-1:0]          reach_o
);

  localparam bit Duato = Adaptive && Torus && Vcs >= 3;
  localparam logic [Vcs-1:0] EvenVcs = Vcs'({MaxVcs{2'b01}});
  localparam logic [Vcs-1:0] OddVcs  = Vcs'({MaxVcs{2'b10}});
  localparam logic [Vcs-1:0] AdaptiveVcs = Vcs'('1) & ~Vcs'(3);

  // Output o's class: the wraparound wire itself and everything after it are past the dateline.
  function automatic logic [Vcs-1:0] class_vcs(int unsigned o);
    int unsigned k;
    logic [CoordW-1:0] c, last;
    logic crossed;
    k = (o - 1) / 2;
    c = coord_i[k*CoordW +: CoordW];
    last = last_i[k*CoordW +: CoordW];
    crossed = wrapped_i[k] || (o % 2 == 0 ? c == last : c == '0);
    return crossed ? OddVcs : EvenVcs;
  endfunction

  always_comb begin
    int unsigned dor;
    reach_o = '0;
    dor = 0;
    if (Duato && route_i != Ports'(1)) begin
      for (int unsigned o = Ports - 1; o >= 1; o--) begin
        if (route_i[o]) dor = o;
      end
      for (int unsigned o = 1; o < Ports; o++) begin
        if (route_i[o]) reach_o[o*Vcs +: Vcs] = AdaptiveVcs;
      end
      reach_o[dor*Vcs +: Vcs] = reach_o[dor*Vcs +: Vcs] | (class_vcs(dor) & Vcs'(3));
    end else begin
      if (route_i[0]) reach_o[0] = 1'b1;
      for (int unsigned o = 1; o < Ports; o++) begin
        if (route_i[o]) reach_o[o*Vcs +: Vcs] = Torus ? class_vcs(o) : '1;
      end
    end
  end

`ifndef SYNTHESIS
  // ReachOffRoute_A: a channel of an output the routing does not allow.
  // ReachEmpty_A: an output the routing allows with none of its channels (the class of a
  // dateline, or Duato's adaptive and escape channels, always has one).
  task automatic report_broken(input logic first, input logic [Ports-1:0] route, input logic [Chans-1:0] reach);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_vc_route %m: %s (outputs %b, channels %b)",
           string'(first ? "ReachOffRoute_A: a channel of an output the routing does not allow"
                         : "ReachEmpty_A: an allowed output with no channel"), route, reach);
  endtask
  always_ff @(posedge clk_i) begin  // worked out here: once per edge, not per evaluation
    if (rst_ni) begin : check
      logic [1:0] broken;
      broken = '0;
      for (int unsigned o = 0; o < Ports; o++) begin
        broken[0] = broken[0] || (!route_i[o] && reach_o[o*Vcs +: Vcs] != '0);
        broken[1] = broken[1] || (route_i[o] && reach_o[o*Vcs +: Vcs] == '0);
      end
      assert (broken == '0) else report_broken(broken[0], route_i, reach_o);
    end
  end
`endif

endmodule
