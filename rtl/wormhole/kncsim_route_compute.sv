// The routing function: outputs a packet for `dest_i` may take at the node at `coord_i`.
// Port numbering as Pertel's listings: local = 0, pred(k) = 2k+1, succ(k) = 2k+2.
// Dimension order: the first dimension with an offset; adaptive: every profitable output.
// On a torus (last_i: each dimension's last coordinate, radix - 1) the shorter way round,
// halfway round on an even ring the succ way (as MeshGeometry::offset).
// Worked out only while en_i says a head waits for an output (route_o is 0 otherwise, and the
// rules below rest): a simulator then spends nothing on routing a FIFO front that holds a
// packet's body, or nothing, which is what most fronts hold in most cycles.
module kncsim_route_compute
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims     = 2,
  parameter bit          Adaptive = 1'b0,
  parameter bit          Torus    = 1'b0
) (
  input  logic                      clk_i,   // for the assertions only
  input  logic                      rst_ni,
  input  logic                      en_i,    // a head waits to be routed
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  input  logic [MaxDims*CoordW-1:0] dest_i,
  output logic [2*Dims:0]           route_o
);

  always_comb begin
    logic found;
    logic [CoordW-1:0] here, there;
    logic [CoordW:0]   up, radix;
    logic              succ;
    route_o = '0;
    found   = 1'b0;
    {here, there, up, radix, succ} = '0;
    if (en_i) begin
      for (int unsigned k = 0; k < Dims; k++) begin
        here  = coord_i[k*CoordW +: CoordW];
        there = dest_i[k*CoordW +: CoordW];
        radix = {1'b0, last_i[k*CoordW +: CoordW]} + 1'b1;
        // Hops the succ way round, and whether that way is the shorter.
        up    = there >= here ? {1'b0, there - here} : {1'b0, there} + radix - {1'b0, here};
        succ  = Torus ? {up, 1'b0} <= {1'b0, radix} : here < there;
        if (here != there && (Adaptive || !found)) begin
          route_o[succ ? 2 * k + 2 : 2 * k + 1] = 1'b1;
          found = 1'b1;
        end
      end
      if (!found) route_o[0] = 1'b1;
    end
  end

`ifndef SYNTHESIS
  // DorOneOutput_A: dimension order names exactly one output; adaptive routing at least one.
  // LocalOnlyAtDest_A: the local output, and only it, at the destination.
  task automatic report_broken(input logic first, input logic [2*Dims:0] route);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_route_compute %m: %s (outputs %b)",
           string'(first ? "DorOneOutput_A: not one output (dimension order) or none (adaptive)"
                         : "LocalOnlyAtDest_A: the local output off the destination, or others with it"), route);
  endtask
  always_ff @(posedge clk_i) begin  // worked out here: once per edge, not per evaluation
    if (rst_ni && en_i) begin : check
      logic [1:0] broken;
      logic here;
      here      = coord_i[Dims*CoordW-1:0] == dest_i[Dims*CoordW-1:0];
      broken[0] = Adaptive ? route_o == '0 : !$onehot(route_o);
      broken[1] = route_o[0] != here || (here && route_o != (2*Dims+1)'(1));
      assert (broken == '0) else report_broken(broken[0], route_o);
    end
  end

  if (Adaptive) begin : gen_cover
    // Functional coverage: adaptive routing offered a choice of outputs.
    Choice_C: cover property (@(posedge clk_i) disable iff (!rst_ni) en_i && !$onehot(route_o));
  end
`endif

endmodule
