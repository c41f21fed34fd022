// Shared types of the kncsim wormhole router RTL.
package kncsim_pkg;

  parameter int unsigned MaxDims  = 3;   // ports = 2*Dims+1 <= 7
  parameter int unsigned MaxPorts = 2 * MaxDims + 1;
  parameter int unsigned CoordW   = 7;   // radix up to 128
  parameter int unsigned LenW     = 10;  // packet length up to 1023 flits
  parameter int unsigned TagW     = 26;  // the packet's tag (its slot in the packet table)
  parameter int unsigned CreditW  = LenW;  // credits returned in one cycle: a flit, or a packet
  parameter int unsigned MaxVcs   = 4;   // virtual channels per link
  parameter int unsigned VcW      = 2;   // a virtual channel's number
  parameter int unsigned AgeW     = 64;  // oldest-first's key: the packet's tsent[31:0] then id[31:0]

  // A 64-bit flit. The packet's destination and length ride in every flit so that any flit
  // at a FIFO front can be routed and reserved for; the tag is the payload that names it. The
  // VC is the channel of the link it travels on; wrapped[k] says the packet took dimension
  // k's wraparound wire (a torus's dateline), which picks its class of channels there.
  typedef struct packed {
    logic                      head;
    logic                      tail;
    logic [LenW-1:0]           len;
    logic [MaxDims-1:0]        wrapped;
    logic [VcW-1:0]            vc;
    logic [MaxDims*CoordW-1:0] dest;
    logic [TagW-1:0]           tag;
  } flit_t;

  parameter int unsigned FlitW = $bits(flit_t);

endpackage
