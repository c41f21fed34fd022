#pragma once
// The traffic keys of the whole network, or of one traffic class: classes.NAME.KEY where the
// class set it, else traffic.KEY (a class inherits every traffic key it does not set). Messages
// name the key that was read (key()).
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/schema.hpp"

namespace kncsim {

class TrafficKeys {
 public:
  explicit TrafficKeys(const Config& c, std::string cls = {}) : c_(c), cls_(std::move(cls)) {}
  const Config& config() const { return c_; }
  const std::string& class_name() const { return cls_; }
  // The key read for traffic.KEY: the class's own, or traffic.KEY.
  // The key read for traffic.KEY (or a router key a class may set: router.routing, ...): the
  // class's own, or the network's.
  std::string key(const std::string& network_key) const {
    if (cls_.empty()) return network_key;
    std::string sub;
    if (network_key.compare(0, 8, "traffic.") == 0) sub = network_key.substr(8);
    for (const auto& [own, network] : class_router_keys())
      if (network == network_key) sub = own;
    if (sub.empty()) return network_key;
    const std::string own = "classes." + cls_ + "." + sub;
    return c_.has(own) ? own : network_key;
  }
  const std::string& text(const std::string& k) const { return c_.text(key(k)); }
  double number(const std::string& k) const { return c_.number(key(k)); }
  int64_t integer(const std::string& k) const { return c_.integer(key(k)); }
  std::vector<int64_t> integers(const std::string& k) const { return c_.integers(key(k)); }
  std::vector<double> numbers(const std::string& k) const { return c_.numbers(key(k)); }
  bool is_word(const std::string& k) const { return c_.is_word(key(k)); }

 private:
  const Config& c_;
  std::string cls_;
};

}  // namespace kncsim
