// A queue of a ring interface: Depth entries, one push and one pop per cycle, and a drop of
// the newest entries (stomp: the flits of a packet taken in that did not fit after all).
// Written at the clock edge; the front is the oldest entry, readable the cycle after its
// write (callers bypass a flit pushed and used in the same cycle themselves). The front is
// kept in a register of its own, loaded at the edges where it changes: reading it costs no
// access to the storage (a simulator evaluates every read port in every cycle).
module kncsim_sci_fifo #(
  parameter int unsigned Depth = 8,
  parameter int unsigned Width = 8
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     push_i,
  input  logic [Width-1:0]         data_i,
  input  logic                     pop_i,
  input  logic [$clog2(Depth+1)-1:0] drop_i,   // newest entries to forget (before the push)
  output logic [Width-1:0]         data_o,
  output logic [$clog2(Depth+1)-1:0] count_o
);

  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam int unsigned CntW = $clog2(Depth + 1);

  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] front_q;
  logic [PtrW-1:0]  rd_q, wr_q, wr_after_drop, rd_next;
  logic [CntW-1:0]  count_q;
  logic             front_moves;

  function automatic logic [PtrW-1:0] bump(logic [PtrW-1:0] p);
    return (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // The write pointer moved back over the dropped entries, modulo Depth.
  always_comb begin
    logic [PtrW:0] back;
    back = {1'b0, wr_q} + (PtrW+1)'(Depth) - (PtrW+1)'(drop_i);
    wr_after_drop = (32'(back) >= Depth) ? PtrW'(32'(back) - Depth) : PtrW'(back);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q    <= '0;
      wr_q    <= '0;
      count_q <= '0;
    end else begin
      rd_q    <= pop_i ? bump(rd_q) : rd_q;
      wr_q    <= push_i ? bump(wr_after_drop) : wr_after_drop;
      count_q <= count_q - drop_i + CntW'(push_i) - CntW'(pop_i);
    end
  end

  // The front changes with a pop, a drop, or a push into an empty queue; the entry then at the
  // front is the one pushed now if the queue was left empty, else the stored one.
  assign rd_next     = pop_i ? bump(rd_q) : rd_q;
  assign front_moves = pop_i || drop_i != '0 || (push_i && count_q == '0);

  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[wr_after_drop] <= data_i;
    if (front_moves) front_q <= (push_i && wr_after_drop == rd_next) ? data_i : mem_q[rd_next];
  end

  assign data_o  = front_q;
  assign count_o = count_q;

`ifndef SYNTHESIS
  // Protocol: never more entries than storage, never a pop or drop of entries not there. The
  // rules are bits of one vector under one assertion in every module of the ring node: a
  // simulator carries one failure report per module in its per-cycle code, not one per rule.
  logic [1:0] broken;
  assign broken[0] = 32'(count_q) - 32'(drop_i) + 32'(push_i) - 32'(pop_i) > Depth;
  assign broken[1] = 32'(drop_i) > 32'(count_q) || (pop_i && 32'(count_q) - 32'(drop_i) + 32'(push_i) < 1);
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic overflow, input int held, input int dropped, input logic push,
                               input logic pop);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_sci_fifo %m: %s (%0d held, %0d dropped, push %0d, pop %0d, depth %0d)",
           overflow ? "overflow" : "pop or drop of an entry not there", held, dropped, push, pop, Depth);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (broken == '0) else report_broken(broken[0] && !broken[1], int'(count_q), int'(drop_i), push_i, pop_i);
    end
  end
`endif

endmodule
