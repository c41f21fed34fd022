// The trace readers (issue 55's first part): Netrace's four sample traces read whole, each
// delivering its header's packet count with every dependency resolved; bad Netrace files (a wrong
// magic number, a truncated record, a wait for an id that never comes) and bad text lines refused,
// naming the record or the line.
#include <gtest/gtest.h>

#include <bzlib.h>

#include <cstdio>
#include <string>
#include <unordered_set>
#include <vector>

#include "support/kncsim_process.hpp"
#include "traffic/netrace_reader.hpp"
#include "traffic/text_trace_reader.hpp"

namespace kncsim {
namespace {

std::string sample(const std::string& name) { return std::string(KNCSIM_SOURCE_DIR) + "/tests/data/netrace/" + name + ".tra.bz2"; }

// Writes `bytes` bzip2-compressed to a temporary file.
std::string write_bz2(const std::string& name, const std::string& bytes) {
  const std::string path = test::write_temp(name, "");
  FILE* f = std::fopen(path.c_str(), "wb");
  int err = BZ_OK;
  BZFILE* bz = BZ2_bzWriteOpen(&err, f, 9, 0, 0);
  BZ2_bzWrite(&err, bz, const_cast<char*>(bytes.data()), int(bytes.size()));
  BZ2_bzWriteClose(&err, bz, 0, nullptr, nullptr);
  std::fclose(f);
  return path;
}

template <class T>
void put(std::string& s, T v) {
  s.append(reinterpret_cast<const char*>(&v), sizeof v);
}

std::string header(uint32_t magic, uint64_t packets) {
  std::string h;
  put<uint32_t>(h, magic);
  put<float>(h, 1.0f);
  h.append("test\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 30);
  put<uint8_t>(h, 64);
  put<uint8_t>(h, 0);
  put<uint64_t>(h, 1000);
  put<uint64_t>(h, packets);
  put<uint32_t>(h, 0);  // notes
  put<uint32_t>(h, 0);  // regions
  h.append(8, '\0');
  return h;
}

std::string record(uint64_t cycle, uint32_t id, uint8_t type, uint8_t src, uint8_t dst, std::vector<uint32_t> waiting) {
  std::string r;
  put<uint64_t>(r, cycle);
  put<uint32_t>(r, id);
  put<uint32_t>(r, 0xdead);
  put<uint8_t>(r, type);
  put<uint8_t>(r, src);
  put<uint8_t>(r, dst);
  put<uint8_t>(r, 0x23);
  put<uint8_t>(r, uint8_t(waiting.size()));
  for (uint32_t w : waiting) put<uint32_t>(r, w);
  return r;
}

// A one-record trace whose record's node types are 5 (source) and 3.
std::string write_bz2_types(const std::string& name) {
  std::string r = record(1, 0, 1, 0, 1, {});
  r[19] = char(0x53);
  return write_bz2(name, header(NetraceReader::kMagic, 1) + r);
}

struct Read {
  NetraceHeader header;
  std::vector<TracePacket> packets;
};
Read read_all(const std::string& path) {
  NetraceReader r(path);
  Read out{r.header(), {}};
  for (TracePacket p; r.next(p);) out.packets.push_back(p);
  return out;
}

// The counts: 175, 12, 22 968 and 81 749 packets, each its header's.
TEST(NetraceReader, TheFourSamplesDeliverTheirHeadersPacketCounts) {
  const std::vector<std::pair<std::string, uint64_t>> samples = {
      {"example", 175}, {"shrtex", 12}, {"multiregion", 22968}, {"lngrex", 81749}};
  for (const auto& [name, count] : samples) {
    SCOPED_TRACE(name);
    const Read t = read_all(sample(name));
    EXPECT_EQ(t.header.packets, count);
    EXPECT_EQ(t.packets.size(), count);
    EXPECT_EQ(t.header.nodes, 64u);
    std::unordered_set<uint64_t> seen;
    uint64_t waits = 0, last_cycle = 0;
    for (const TracePacket& p : t.packets) {
      EXPECT_LT(p.src, 64u);
      EXPECT_LT(p.dst, 64u);
      EXPECT_TRUE(p.bytes == 8 || p.bytes == 72) << p.bytes;
      EXPECT_GE(p.cycle, last_cycle) << "records in cycle order";
      last_cycle = p.cycle;
      for (uint64_t w : p.waits_for) EXPECT_TRUE(seen.count(w)) << "packet " << p.id << " waits for a later one";
      waits += p.waits_for.size();
      EXPECT_TRUE(seen.insert(p.id).second) << "id " << p.id << " twice";
    }
    if (count > 100) {
      EXPECT_GT(waits, 0u) << "the samples carry dependencies";
    }
  }
}

TEST(NetraceReader, HeadersRegionsAndSizes) {
  NetraceReader r(sample("multiregion"));
  EXPECT_GT(r.header().regions.size(), 1u);
  uint64_t packets = 0;
  for (const auto& reg : r.header().regions) packets += reg.packets;
  EXPECT_EQ(packets, r.header().packets) << "the regions hold every packet";
  EXPECT_FALSE(r.header().benchmark.empty());
  EXPECT_EQ(netrace_packet_bytes(1), 8u);   // ReadReq
  EXPECT_EQ(netrace_packet_bytes(2), 72u);  // ReadResp
  EXPECT_EQ(netrace_packet_bytes(7), 0u);   // not a type
}

TEST(NetraceReader, BadTracesAreRefusedNamingTheRecord) {
  const auto refused = [](const std::string& path, const std::string& says) {
    try {
      read_all(path);
      ADD_FAILURE() << path << " was read";
    } catch (const TraceError& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  };
  refused(write_bz2("magic.tra.bz2", header(0x12345678, 1) + record(1, 0, 1, 0, 1, {})),
          "not a Netrace trace: its magic number is 0x12345678, not 0x484A5455");
  refused(write_bz2("cut.tra.bz2", header(NetraceReader::kMagic, 2) + record(1, 0, 1, 0, 1, {}) +
                                       record(2, 1, 2, 1, 0, {}).substr(0, 10)),
          "record 1 is cut short: 10 of its 21 bytes");
  refused(write_bz2("waits.tra.bz2", header(NetraceReader::kMagic, 2) + record(1, 0, 1, 0, 1, {7}) +
                                         record(2, 1, 2, 1, 0, {})),
          "record 0 lists packet 7 as waiting for it, and no later record has that id");
  refused(write_bz2("type.tra.bz2", header(NetraceReader::kMagic, 1) + record(1, 0, 9, 0, 1, {})),
          "record 0 (packet 0) has packet type 9");
  refused(write_bz2_types("types.tra.bz2"), "record 0 (packet 0) has node types 5 and 3; Netrace defines 0..3");
  refused(test::write_temp("plain.tra.bz2", "not bzip2 at all"), "damaged");
  refused("/nonexistent/x.tra.bz2", "cannot be read");
  // A good one: the dependency turned around.
  const Read ok = read_all(write_bz2("good.tra.bz2", header(NetraceReader::kMagic, 2) + record(1, 5, 1, 0, 1, {6}) +
                                                         record(9, 6, 2, 1, 0, {})));
  ASSERT_EQ(ok.packets.size(), 2u);
  EXPECT_EQ(ok.packets[1].waits_for, std::vector<uint64_t>{5});
  EXPECT_EQ(ok.packets[0].src_type, 2);
  EXPECT_EQ(ok.packets[0].dst_type, 3);
}

// pbzip2 writes a stream per block: the streams are read one after another.
TEST(NetraceReader, ReadsEveryStreamOfAMultiStreamFile) {
  const std::string one = write_bz2("part1.tra.bz2", header(NetraceReader::kMagic, 3) + record(1, 0, 1, 0, 1, {2}));
  const std::string two = write_bz2("part2.tra.bz2", record(2, 1, 2, 1, 0, {}) + record(3, 2, 1, 2, 3, {}));
  const std::string both = test::write_temp("both.tra.bz2", test::read_file(one) + test::read_file(two));
  const Read r = read_all(both);
  ASSERT_EQ(r.packets.size(), 3u);
  EXPECT_EQ(r.packets[2].id, 2u);
  EXPECT_EQ(r.packets[2].waits_for, std::vector<uint64_t>{0});
}

TEST(TextTraceReader, PacketsWithAndWithoutIdsAndTheirWaits) {
  const std::string path = test::write_temp("t.trace", "# cycle src dst flits [id dep...]\n0 1 2 4\n\n3 2 1 8 10 0\n5 0 3 1 11 10 0\n");
  TextTraceReader r(path);
  std::vector<TracePacket> v;
  for (TracePacket p; r.next(p);) v.push_back(p);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].id, 0u);
  EXPECT_EQ(v[0].flits, 4u);
  EXPECT_EQ(v[1].waits_for, std::vector<uint64_t>{0});
  EXPECT_EQ(v[2].waits_for, (std::vector<uint64_t>{10, 0}));
  EXPECT_EQ(v[2].cycle, 5u);
}

TEST(TextTraceReader, BadLinesAreRefusedNamingTheLine) {
  const auto refused = [](const std::string& text, const std::string& says) {
    const std::string path = test::write_temp("bad.trace", text);
    try {
      TextTraceReader r(path);
      for (TracePacket p; r.next(p);) {
      }
      ADD_FAILURE() << text << " was read";
    } catch (const TraceError& e) {
      EXPECT_NE(std::string(e.what()).find(path + ":" + says), std::string::npos) << e.what();
    }
  };
  refused("0 1 2 4\n5 1 2\n", "2: 3 fields, the flits missing");
  refused("0 1 x 4\n", "1: the dst is 'x', not a whole number");
  refused("0 1 2 0\n", "1: a packet of 0 flits");
  refused("0 1 2 4 7\n1 2 3 4 7\n", "2: packet id 7 given twice");
  refused("0 1 2 4 7 9\n", "1: packet 7 waits for packet 9, which no earlier line has");
  refused("-1 1 2 4\n", "1: the cycle is '-1'");
  refused("0 1 2 1048577\n", "1: a packet of 1048577 flits; allowed: 1..1048576");
  refused("9223372036854775808 1 2 4\n", "1: cycle 9223372036854775808; allowed: up to");
  refused("0 1 4294967295 4\n", "1: node 4294967295 is beyond any network");
  refused("0 1 2 4 7 7\n", "1: packet 7 waits for packet 7, which no earlier line has");
}

// Without the id checks (a replay's reader: the run's decoding did them) nothing is kept per packet.
TEST(TextTraceReader, WithoutIdChecksReadsTheSamePackets) {
  const std::string path = test::write_temp("t2.trace", "0 1 2 4 5\n3 2 1 8 6 5\n");
  TextTraceReader checked(path), unchecked(path, false);
  for (TracePacket a, b; checked.next(a);) {
    ASSERT_TRUE(unchecked.next(b));
    EXPECT_EQ(a.id, b.id);
    EXPECT_EQ(a.waits_for, b.waits_for);
    EXPECT_EQ(a.cycle, b.cycle);
  }
}

}  // namespace
}  // namespace kncsim
