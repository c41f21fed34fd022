// The routing function: outputs a packet for `dest_i` may take at the node at `coord_i`.
// Port numbering as Pertel's listings: local = 0, pred(k) = 2k+1, succ(k) = 2k+2.
// Dimension order: the first dimension with an offset; adaptive: every profitable output.
// On a torus (last_i: each dimension's last coordinate, radix - 1) the shorter way round,
// halfway round on an even ring the succ way (as MeshGeometry::offset).
module kncsim_route_compute
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims     = 2,
  parameter bit          Adaptive = 1'b0,
  parameter bit          Torus    = 1'b0
) (
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  input  logic [MaxDims*CoordW-1:0] dest_i,
  output logic [2*Dims:0]           route_o
);

  always_comb begin
    logic found;
    route_o = '0;
    found   = 1'b0;
    for (int unsigned k = 0; k < Dims; k++) begin
      logic [CoordW-1:0] here, there;
      logic [CoordW:0]   up, radix;
      logic              succ;
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

endmodule
