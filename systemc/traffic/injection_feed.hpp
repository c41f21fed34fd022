#pragma once
// Hands a model its injections cycle by cycle. With `threaded`, a second thread draws
// blocks of cycles ahead (the stream does not depend on network state), so drawing the
// random numbers and simulating the network overlap on two cores. Results are identical
// either way: the consumer always takes cycles in order from the same stream.
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "traffic/injection.hpp"

namespace kncsim {

class InjectionFeed {
 public:
  InjectionFeed(std::unique_ptr<InjectionStream> stream, uint32_t nodes, bool threaded);
  ~InjectionFeed();
  InjectionFeed(const InjectionFeed&) = delete;
  InjectionFeed& operator=(const InjectionFeed&) = delete;

  struct Span {
    const Injection* begin;
    const Injection* end;
  };
  // The next cycle's injections (cycle 0 first).
  Span next();

 private:
  struct Block {
    std::vector<Injection> items;
    std::vector<uint32_t> start;  // start[i]..start[i+1] = cycle i of the block
  };
  void fill(Block& b);
  void produce();

  std::unique_ptr<InjectionStream> stream_;
  int64_t cycles_per_block_;
  int64_t next_cycle_to_draw_ = 0;
  Block current_;
  size_t cursor_ = 0;  // cycle index within current_

  bool threaded_;
  std::thread worker_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Block> ready_;
  std::vector<Block> spare_;
  bool stop_ = false;
};

}  // namespace kncsim
