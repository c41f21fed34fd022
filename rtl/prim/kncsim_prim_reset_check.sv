// Known values after reset, for every module with state (assertions only: nothing here drives
// logic). At the first clock edge after a reset, when the state still holds what the reset
// gave it, ok_i must be 1; the report names the instance and the rule. ok_i is read only while
// due_o is set: a caller whose check costs something works it out only then (a simulator
// otherwise evaluates it at every edge of the run, for the one edge that reads it).
module kncsim_prim_reset_check #(
  parameter string Name = "module",             // the module checked
  parameter string Rule = "ResetKnown_A: state not reset"
) (
  input logic clk_i,
  input logic rst_ni,
  input logic ok_i,
  output logic due_o  // the next edge is the first since a reset: ok_i is read at it
);

`ifndef SYNTHESIS
  logic first_q;  // the first edge since a reset
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      first_q <= 1'b1;
    else if (first_q) first_q <= 1'b0;
  end
  assign due_o = first_q;
  always_ff @(posedge clk_i) begin
    if (rst_ni && first_q) begin
      assert (ok_i) else $fatal(1, "%s %m: %s", Name, Rule);
    end
  end
`else
  // verilator lint_off UNUSEDSIGNAL
  logic unused;
  assign unused = ^{clk_i, rst_ni, ok_i};
  // verilator lint_on UNUSEDSIGNAL
  assign due_o = 1'b0;
`endif

endmodule
