// Shared types of the kncsim wormhole router RTL.
package kncsim_pkg;

  parameter int unsigned MaxDims = 3;   // ports = 2*DIMS+1 <= 7
  parameter int unsigned CoordW  = 16;  // radix up to 65535
  parameter int unsigned LenW    = 16;  // packet length in flits
  parameter int unsigned CreditW = 16;  // credits returned in one cycle

  // A flit on a link. The packet's destination and length ride in every flit so that any
  // flit at a FIFO front can be routed and reserved for; the tag and position identify it.
  typedef struct packed {
    logic                      head;
    logic                      tail;
    logic [LenW-1:0]           len;
    logic [15:0]               seq;
    logic [31:0]               tag;
    logic [MaxDims*CoordW-1:0] dest;
  } flit_t;

  parameter int unsigned FlitW = $bits(flit_t);

endpackage
