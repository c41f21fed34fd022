// Known values after reset, for every module with state (assertions only: nothing here drives
// logic). At the first clock edge after a reset, when the state still holds what the reset
// gave it, ok_i must be 1; the report names the instance and the rule.
module kncsim_prim_reset_check #(
  parameter string Name = "module",             // the module checked
  parameter string Rule = "ResetKnown_A: state not reset"
) (
  input logic clk_i,
  input logic rst_ni,
  input logic ok_i
);

`ifndef SYNTHESIS
  logic first_q;  // the first edge since a reset
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) first_q <= 1'b1;
    else         first_q <= 1'b0;
  end
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
`endif

endmodule
