#include "traffic/netrace_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

namespace kncsim {
namespace {

// The sizes of the 31 packet types (booksim/netrace's table): 0 for the types it calls invalid.
constexpr std::array<uint8_t, 31> kBytes = {0, 8, 72, 72, 72, 8, 72, 0, 0, 0, 0, 0, 0, 8, 8, 8,
                                            72, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 8, 8, 72};

template <class T>
T little(const unsigned char* at) {  // (x86 is little-endian, as the format)
  T v;
  std::memcpy(&v, at, sizeof v);
  return v;
}

}  // namespace

uint32_t netrace_packet_bytes(uint8_t type) { return type < kBytes.size() ? kBytes[type] : 0; }

NetraceReader::NetraceReader(const std::string& path) : path_(path) {
  file_.reset(std::fopen(path.c_str(), "rb"));
  if (!file_) fail("cannot be read");
  int err = BZ_OK;
  bz_.reset(BZ2_bzReadOpen(&err, file_.get(), 0, 0, nullptr, 0));
  if (err != BZ_OK) fail("not a bzip2 file");
  unsigned char h[72];
  if (read(h, sizeof h) != sizeof h) fail("its header is cut short (a Netrace header is 72 bytes)");
  if (little<uint32_t>(h) != kMagic)
    fail(fmt::format("not a Netrace trace: its magic number is 0x{:08X}, not 0x{:08X}", little<uint32_t>(h), kMagic));
  header_.version = little<float>(h + 4);
  header_.benchmark.assign(reinterpret_cast<const char*>(h + 8), strnlen(reinterpret_cast<const char*>(h + 8), 30));
  header_.nodes = h[38];
  header_.cycles = little<uint64_t>(h + 40);
  header_.packets = little<uint64_t>(h + 48);
  const uint32_t notes = little<uint32_t>(h + 56), regions = little<uint32_t>(h + 60);
  if (notes > (1u << 20) || regions > 100000)
    fail(fmt::format("its header says {} bytes of notes and {} regions: not a Netrace header", notes, regions));
  if (notes > 0) {
    std::vector<char> text(notes);
    if (read(text.data(), notes) != notes) fail("its notes are cut short");
    header_.notes.assign(text.data(), strnlen(text.data(), notes));
  }
  for (uint32_t r = 0; r < regions; ++r) {
    unsigned char b[24];
    if (read(b, sizeof b) != sizeof b) fail(fmt::format("its region {} is cut short", r));
    header_.regions.push_back({little<uint64_t>(b), little<uint64_t>(b + 8), little<uint64_t>(b + 16)});
  }
}

std::string NetraceReader::where() const {
  return fmt::format("{}: record {}", path_, records_ > 0 ? records_ - 1 : 0);
}

void NetraceReader::fail(const std::string& what) const { throw TraceError(fmt::format("{}: {}", path_, what)); }

size_t NetraceReader::read(void* to, size_t bytes) {
  size_t got = 0;
  while (got < bytes && !end_) {
    int err = BZ_OK;
    const int n = BZ2_bzRead(&err, bz_.get(), static_cast<char*>(to) + got, int(std::min<size_t>(bytes - got, 1 << 30)));
    if (err != BZ_OK && err != BZ_STREAM_END)
      fail(fmt::format("its bzip2 data is damaged (libbz2 error {}) after {} records", err, records_));
    got += size_t(std::max(n, 0));
    if (err == BZ_STREAM_END) next_stream();
  }
  return got;
}

// A bzip2 file may hold several streams one after another (pbzip2 writes one per block): the
// next one starts with the bytes the last one left unused, or the end of the file ends the trace.
void NetraceReader::next_stream() {
  int err = BZ_OK;
  void* unused = nullptr;
  int count = 0;
  BZ2_bzReadGetUnused(&err, bz_.get(), &unused, &count);
  const std::vector<char> rest(static_cast<char*>(unused), static_cast<char*>(unused) + std::max(count, 0));
  bz_.reset();
  if (rest.empty()) {
    const int c = std::fgetc(file_.get());
    if (c == EOF) {
      end_ = true;
      return;
    }
    std::ungetc(c, file_.get());
  }
  bz_.reset(BZ2_bzReadOpen(&err, file_.get(), 0, 0, const_cast<char*>(rest.data()), int(rest.size())));
  if (err != BZ_OK) fail(fmt::format("its bzip2 data is damaged (libbz2 error {}) after {} records", err, records_));
}

bool NetraceReader::next(TracePacket& p) {
  unsigned char r[21];
  const size_t got = read(r, sizeof r);
  if (got == 0) {
    if (!waits_.empty()) {  // the first record that named a packet no later record has
      const auto first = std::min_element(named_at_.begin(), named_at_.end(),
                                          [](const auto& a, const auto& b) { return a.second < b.second; });
      fail(fmt::format("record {} lists packet {} as waiting for it, and no later record has that id ({} such ids)",
                       first->second, first->first, waits_.size()));
    }
    return false;
  }
  if (got < sizeof r) fail(fmt::format("record {} is cut short: {} of its 21 bytes", records_, got));
  p = TracePacket{};
  p.cycle = little<uint64_t>(r);
  p.id = little<uint32_t>(r + 8);
  p.address = little<uint32_t>(r + 12);
  p.type = r[16];
  p.src = r[17];
  p.dst = r[18];
  p.src_type = uint8_t(r[19] >> 4);
  p.dst_type = uint8_t(r[19] & 0xf);
  if (p.src_type > 3 || p.dst_type > 3)
    fail(fmt::format("record {} (packet {}) has node types {} and {}; Netrace defines 0..3 (L1 data, L1 instruction, "
                     "L2, memory controller)",
                     records_, p.id, p.src_type, p.dst_type));
  p.bytes = netrace_packet_bytes(p.type);
  if (p.bytes == 0) fail(fmt::format("record {} (packet {}) has packet type {}, which Netrace does not define", records_, p.id, p.type));
  const uint8_t dependents = r[20];
  for (uint8_t i = 0; i < dependents; ++i) {
    unsigned char d[4];
    if (read(d, 4) != 4) fail(fmt::format("record {} is cut short: {} of its {} waiting packets", records_, i, dependents));
    const uint64_t id = little<uint32_t>(d);
    waits_[id].push_back(p.id);
    named_at_.emplace(id, records_);
  }
  if (auto w = waits_.find(p.id); w != waits_.end()) {
    p.waits_for = std::move(w->second);
    waits_.erase(w);
    named_at_.erase(p.id);
  }
  ++records_;
  return true;
}

}  // namespace kncsim
