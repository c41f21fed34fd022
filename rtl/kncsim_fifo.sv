// Input FIFO of one router port: DEPTH flits, written at the clock edge, front readable in
// the cycle after the write.
module kncsim_fifo #(
  parameter int unsigned Depth = 4,
  parameter int unsigned Width = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] data_o,
  output logic             empty_o
);

  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  rd_q, wr_q;
  logic [PtrW:0]    count_q;

  function automatic logic [PtrW-1:0] bump(logic [PtrW-1:0] p);
    return (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // The write side reads the pins only at the edge: no input ripples through logic here.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q    <= '0;
      wr_q    <= '0;
      count_q <= '0;
    end else begin
      rd_q    <= pop_i ? bump(rd_q) : rd_q;
      wr_q    <= push_i ? bump(wr_q) : wr_q;
      count_q <= count_q + {{PtrW{1'b0}}, push_i} - {{PtrW{1'b0}}, pop_i};
    end
  end

  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[wr_q] <= data_i;
  end

  assign data_o  = mem_q[rd_q];
  // Credits keep writes off a full FIFO: the sender never has more flits in flight than slots.
  assign empty_o = (count_q == '0);

endmodule
