// The routing function: outputs a packet for `dest_i` may take at the node at `coord_i`.
// Port numbering as Pertel's listings: local = 0, pred(k) = 2k+1, succ(k) = 2k+2.
// Dimension order: the first dimension with an offset; adaptive: every profitable output.
module kncsim_route_compute
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims     = 2,
  parameter bit          Adaptive = 1'b0
) (
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] dest_i,
  output logic [2*Dims:0]           route_o
);

  always_comb begin
    logic found;
    route_o = '0;
    found   = 1'b0;
    for (int unsigned k = 0; k < Dims; k++) begin
      logic [CoordW-1:0] here, there;
      here  = coord_i[k*CoordW +: CoordW];
      there = dest_i[k*CoordW +: CoordW];
      if (here != there && (Adaptive || !found)) begin
        route_o[(here < there) ? 2 * k + 2 : 2 * k + 1] = 1'b1;
        found = 1'b1;
      end
    end
    if (!found) route_o[0] = 1'b1;
  end

endmodule
