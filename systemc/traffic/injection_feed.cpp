#include "traffic/injection_feed.hpp"

#include <algorithm>

namespace kncsim {
namespace {
constexpr int64_t kDrawsPerBlock = 1 << 17;
constexpr size_t kBlocksAhead = 4;
}  // namespace

InjectionFeed::InjectionFeed(std::unique_ptr<InjectionStream> stream, uint32_t nodes, bool threaded)
    : stream_(std::move(stream)),
      cycles_per_block_(std::max<int64_t>(1, kDrawsPerBlock / std::max<uint32_t>(1, nodes))),
      threaded_(threaded) {
  current_.start.assign(1, 0);  // an empty block: the first next() fetches
  cursor_ = 0;
  if (threaded_) worker_ = std::thread([this] { produce(); });
}

InjectionFeed::~InjectionFeed() {
  if (threaded_) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    worker_.join();
  }
}

void InjectionFeed::fill(Block& b) {
  b.items.clear();
  b.start.clear();
  for (int64_t i = 0; i < cycles_per_block_; ++i) {
    b.start.push_back(static_cast<uint32_t>(b.items.size()));
    stream_->draw_cycle(next_cycle_to_draw_++, b.items);
  }
  b.start.push_back(static_cast<uint32_t>(b.items.size()));
}

void InjectionFeed::produce() {
  for (;;) {
    Block b;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stop_ || ready_.size() < kBlocksAhead; });
      if (stop_) return;
      if (!spare_.empty()) {
        b = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    fill(b);
    {
      std::lock_guard<std::mutex> lock(mu_);
      ready_.push_back(std::move(b));
    }
    cv_.notify_all();
  }
}

InjectionFeed::Span InjectionFeed::next() {
  if (cursor_ + 1 >= current_.start.size()) {
    if (threaded_) {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return !ready_.empty(); });
      spare_.push_back(std::move(current_));
      current_ = std::move(ready_.front());
      ready_.pop_front();
      lock.unlock();
      cv_.notify_all();
    } else {
      fill(current_);
    }
    cursor_ = 0;
  }
  const Injection* base = current_.items.data();
  Span s{base + current_.start[cursor_], base + current_.start[cursor_ + 1]};
  ++cursor_;
  return s;
}

}  // namespace kncsim
