#pragma once
// Netrace traces (Hestness, Grot and Keckler, 2010; the booksim/netrace format): bzip2-compressed
// records of the packets a multicore program's caches and memory controllers exchanged, read as
// they decompress (libbz2), never whole. The format, little-endian and packed:
//   header   magic 0x484A5455 (u32), version (f32), benchmark name (30 bytes), nodes (u8), a pad
//            byte, cycles (u64), packets (u64), notes length (u32, with its NUL), regions (u32),
//            8 bytes of padding: 72 bytes; then the notes, then per region its offset into the
//            records (u64, from the header's end), cycles (u64) and packets (u64)
//   record   cycle (u64), id (u32), address (u32), type (u8), source (u8), destination (u8),
//            node types (u8: the source's in the high nibble, the destination's in the low),
//            dependents (u8); then that many ids (u32) of the packets that wait for this one
// A packet's size follows from its type (8 bytes for requests and acknowledgements, 72 for
// those carrying a 64-byte line). The reader turns "waited for by" into TracePacket::waits_for:
// it keeps, for each packet some earlier one listed, the ids it waits for until it is read.
#include <bzlib.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "traffic/trace_packet.hpp"

namespace kncsim {

struct NetraceRegion {
  uint64_t offset = 0, cycles = 0, packets = 0;
};

struct NetraceHeader {
  float version = 0;
  std::string benchmark, notes;
  uint32_t nodes = 0;
  uint64_t cycles = 0, packets = 0;
  std::vector<NetraceRegion> regions;
};

class NetraceReader final : public TraceSource {
 public:
  static constexpr uint32_t kMagic = 0x484A5455;
  // Opens `path` and reads its header: TraceError naming the file if it is no Netrace trace.
  explicit NetraceReader(const std::string& path);

  const NetraceHeader& header() const { return header_; }
  // The next packet, false at the trace's end. TraceError naming the record: a truncated record,
  // an unknown packet type, an id listed as waiting that no later packet has (found at the end).
  bool next(TracePacket& p) override;
  std::string where() const override;
  // Records read so far.
  uint64_t records() const { return records_; }

 private:
  size_t read(void* to, size_t bytes);  // what libbz2 gave, fewer only at the end
  void next_stream();
  [[noreturn]] void fail(const std::string& what) const;

  struct CloseFile {
    void operator()(FILE* f) const { std::fclose(f); }
  };
  struct CloseBz {
    void operator()(BZFILE* b) const {
      int err = BZ_OK;
      BZ2_bzReadClose(&err, b);
    }
  };
  std::string path_;
  std::unique_ptr<FILE, CloseFile> file_;  // (declared first: closed after the stream on it)
  std::unique_ptr<BZFILE, CloseBz> bz_;
  bool end_ = false;
  NetraceHeader header_;
  uint64_t records_ = 0;
  // Per packet some earlier one said waits for it: those ids, and the record that first said so.
  std::unordered_map<uint64_t, std::vector<uint64_t>> waits_;
  std::unordered_map<uint64_t, uint64_t> named_at_;
};

// A Netrace packet type's size in bytes, 0 for a type the format does not define.
uint32_t netrace_packet_bytes(uint8_t type);

}  // namespace kncsim
