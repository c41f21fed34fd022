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

`ifndef SYNTHESIS
  // Protocol: no push into a full FIFO (its sender counts credits), no pop of an empty one.
  // The rules are bits of one vector under one assertion in every module of the router, worked
  // out in the clocked block itself: a simulator carries one failure report per module in its
  // per-edge code, not one per rule, and nothing per evaluation.
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic overflow, input int held);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_fifo %m: %s (%0d of %0d slots held)",
           string'(overflow ? "FifoOverflow_A: a flit pushed into a full FIFO (its sender had no credit)"
                            : "FifoUnderflow_A: a pop of an empty FIFO"), held, Depth);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [1:0] broken;
      broken[0] = push_i && !pop_i && 32'(count_q) == Depth;  // FifoOverflow_A
      broken[1] = pop_i && count_q == '0;                      // FifoUnderflow_A
      assert (broken == '0) else report_broken(broken[0], int'(count_q));
    end
  end
  // Known values after reset: pointers and count at zero, whatever the state before.
  kncsim_reset_check #(.Name("kncsim_fifo"), .Rule("FifoResetKnown_A: pointers or count not zero after reset")) u_reset_check (
    .clk_i, .rst_ni, .ok_i(!$isunknown({rd_q, wr_q, count_q}) && rd_q == '0 && wr_q == '0 && count_q == '0));

  // Functional coverage (--coverage-user): the FIFO filled up.
  FifoFull_C: cover property (@(posedge clk_i) disable iff (!rst_ni) 32'(count_q) == Depth);
`endif

endmodule
