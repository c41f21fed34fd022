#pragma once
// A technology table: what one router's events, its clock and leakage, and a millimetre of
// link cost, for a router of a stated shape (energy.technology's built-in tables, derived from
// DSENT 0.91, or energy.table's YAML file). The energies of another shape come from
// router_energies() (energy/router_energies.hpp), by stated rules.
#include <stdexcept>
#include <string>

namespace kncsim {

// A router's shape, as far as its energy goes.
struct RouterShape {
  int flit_bits = 64;
  int ports = 5;         // inputs = outputs, the local one included
  int vcs = 4;           // virtual channels per input
  int buffer_flits = 4;  // per virtual channel
};

// Per event, in pJ.
struct RouterEventEnergies {
  double buffer_write = 0, buffer_read = 0;
  double crossbar = 0;            // a flit across the crossbar
  double switch_arbitration = 0;  // a flit's switch allocation
  double vc_allocation = 0;       // a head's output virtual channel
  double route_computation = 0;   // a head's output port
  double clock = 0;               // per router and cycle
};

// A router's leakage, in mW, by part (each scales its own way with the shape).
struct RouterLeakage {
  double buffers = 0;           // the input FIFOs
  double pipeline = 0;          // the pipeline registers
  double crossbar = 0;
  double switch_allocator = 0;
  double clock = 0;             // the clock tree
  double total() const { return buffers + pipeline + crossbar + switch_allocator + clock; }
};

struct TechnologyTable {
  std::string name;    // "45nm", or the file's `technology`
  std::string source;  // where the numbers come from
  RouterShape reference;       // the router the event energies are for
  double reference_ghz = 1;    // the clock they were derived at
  RouterEventEnergies router;  // pJ
  RouterLeakage leakage_mw;
  double wire_fj_per_toggle_mm = 0;   // a bit that flips, per mm of wire
  double wire_leakage_uw_per_mm = 0;  // per wire (bit) and mm: its repeaters
  double latch_fj_per_bit = 0;        // a pipeline register taking one bit of a flit
};

// The built-in table; throws std::invalid_argument for another name.
TechnologyTable builtin_technology(const std::string& name);

// A table in YAML (docs/energy.md gives the format; every field is required). A missing or
// unknown field, a negative or non-finite number, or a shape out of range is an
// EnergyTableError naming the file, the line and the field.
struct EnergyTableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
TechnologyTable read_technology_table(const std::string& path);

}  // namespace kncsim
