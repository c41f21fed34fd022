#pragma once
// PP-MESS-SIM's workload keys, decoded and checked once: packet lengths, interarrival gaps,
// the hop-uniform, hot-spot and MRU-stack probabilities (traffic/distribution.hpp).
#include <vector>

#include "config/config.hpp"
#include "spec/traffic_keys.hpp"
#include "traffic/distribution.hpp"

namespace kncsim {

LengthDistribution packet_lengths(const TrafficKeys& c);
// The longest packet: traffic.packet_flits, or the length distribution's largest (FIFOs in
// packets, and cut-through's room, count it).
int longest_packet_flits(const TrafficKeys& c);
// The network's longest packet: its own keys', or with traffic classes the longest of theirs.
int longest_packet_flits(const Config& c);
// q: the Bernoulli coin per node and cycle the load gives (the auto parameters' rate).
InterarrivalDistribution interarrivals(const TrafficKeys& c, double q);

// The rules on these keys, and between them and the rest (ConfigError naming the key): the
// network's, and each traffic class's as it reads them.
void validate_class_traffic(const TrafficKeys& c, const std::vector<int>& radices);
void validate_traffic_distributions(const Config& c, const std::vector<int>& radices);

}  // namespace kncsim
