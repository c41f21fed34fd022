#pragma once
// Stimulus and recording helpers the model tests share.
#include <map>
#include <memory>
#include <vector>

#include "model/network_model.hpp"
#include "traffic/injection.hpp"

namespace kncsim {

struct Recorder : PacketSink {
  std::vector<PacketRecord> records;
  void deliver(const PacketRecord& r) override { records.push_back(r); }
};

// Injects from a real stream up to `stop`, then nothing, so the network can drain.
class StoppingStream : public InjectionStream {
 public:
  StoppingStream(std::unique_ptr<InjectionStream> s, int64_t stop) : s_(std::move(s)), stop_(stop) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    if (cycle < stop_) s_->draw_cycle(cycle, out);
  }

 private:
  std::unique_ptr<InjectionStream> s_;
  int64_t stop_;
};

// One packet per listed (cycle, node, dest).
class ListStream : public InjectionStream {
 public:
  explicit ListStream(std::map<int64_t, std::vector<Injection>> m) : m_(std::move(m)) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    auto it = m_.find(cycle);
    if (it != m_.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }

 private:
  std::map<int64_t, std::vector<Injection>> m_;
};

}  // namespace kncsim
