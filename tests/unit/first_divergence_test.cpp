// kncsim diverge's parts on hand-made inputs: the first divergence of two flit logs (a flit
// late, a flit on the wrong output, a run that stopped early, equal logs), its report, a
// malformed log line, and cutting a VCD file to a window.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "diverge/first_divergence.hpp"
#include "diverge/vcd_window.hpp"

namespace kncsim {
namespace {

LoggedFlit flit(int64_t cycle, uint32_t node, int port, uint64_t packet, uint32_t seq) {
  LoggedFlit f;
  f.cycle = cycle;
  f.node = node;
  f.port = port;
  f.packet = packet;
  f.seq = seq;
  f.head = seq == 0;
  return f;
}

// Node 4 of a 3x3 mesh sends packet 7 (3 flits) on +x and packet 9 on -y; node 5 ejects.
std::vector<LoggedFlit> reference() {
  return {flit(10, 4, 2, 7, 0), flit(11, 4, 2, 7, 1), flit(12, 4, 2, 7, 2), flit(11, 4, 3, 9, 0),
          flit(12, 4, 3, 9, 1), flit(13, 5, 0, 7, 0), flit(14, 5, 0, 7, 1)};
}

TEST(FirstDivergence, EqualLogsInAnyOrderHaveNone) {
  std::vector<LoggedFlit> shuffled = reference();
  std::reverse(shuffled.begin(), shuffled.end());
  EXPECT_FALSE(first_divergence(reference(), shuffled, 8));
}

TEST(FirstDivergence, AFlitOneCycleLateIsFoundWithTheFlitsBeforeIt) {
  std::vector<LoggedFlit> late = reference();
  late[2].cycle = 13;  // packet 7's tail leaves +x a cycle late
  const auto d = first_divergence(reference(), late, 8);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cycle, 12);
  EXPECT_EQ(d->node, 4u);
  EXPECT_EQ(d->port, 2);
  EXPECT_EQ(d->expected->cycle, 12);
  EXPECT_EQ(d->actual->cycle, 13);
  ASSERT_EQ(d->before.size(), 2u);  // flits 0 and 1 of packet 7, identical in both
  EXPECT_EQ(d->before[1].seq, 1u);
  const std::string text = describe(*d, MeshGeometry(2, 3), "SystemC", "RTL");
  EXPECT_NE(text.find("first divergence: cycle 12, node 4 (1, 1), output port 2 (+x)"), std::string::npos) << text;
  EXPECT_NE(text.find("expected (SystemC): cycle 12, VC 0, packet 7 flit 2"), std::string::npos) << text;
  EXPECT_NE(text.find("actual (RTL): cycle 13, VC 0, packet 7 flit 2"), std::string::npos) << text;
}

TEST(FirstDivergence, AFlitOnTheWrongOutputNamesBothOutputs) {
  std::vector<LoggedFlit> wrong = reference();
  wrong[3].port = 1;  // packet 9's head leaves on -x instead of -y
  const auto d = first_divergence(reference(), wrong, 8);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->cycle, 11);
  EXPECT_EQ(d->port, 1);  // -x: a flit the reference never sent there
  EXPECT_FALSE(d->expected);
  ASSERT_EQ(d->also.size(), 1u);
  EXPECT_EQ(d->also[0], std::make_pair(4u, 3));  // -y, where the flit was missing
  EXPECT_NE(describe(*d, MeshGeometry(2, 3), "SystemC", "RTL").find("nothing (no further flit on this output)"),
            std::string::npos);
}

TEST(FirstDivergence, ARunThatStoppedEarlyIsComparedUpToItsEnd) {
  const std::vector<LoggedFlit> all = reference();
  const std::vector<LoggedFlit> stopped(all.begin(), all.begin() + 3);  // only +x's flits, to cycle 12
  EXPECT_TRUE(first_divergence(all, stopped, 8));  // the rest is missing
  EXPECT_FALSE(first_divergence(all, std::vector<LoggedFlit>{all[0]}, 8, 10));  // equal up to cycle 10
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(FirstDivergence, AMalformedLogLineIsNamedWithItsFileAndLine) {
  const std::string path = write("bad.flits", "# kncsim flit log\n1 2 3 0 4 0 1 0\n1 2 three 0 4 0 1 0\n");
  try {
    read_flit_log(path);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.flits:3: not a flit log line"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read_flit_log(write("good.flits", "1 2 3 0 4 0 1 0\n")).size(), 1u);
}

TEST(VcdWindow, KeepsTheHeaderTheValuesAtTheStartAndTheChangesInside) {
  const std::string path = write("w.vcd",
                                 "$timescale 1 ps $end\n$var wire 1 ! a $end\n$var wire 4 \" b $end\n"
                                 "$enddefinitions $end\n#0\n$dumpvars\n0!\nb0000 \"\n$end\n#1000\n1!\n#2000\nb0011 \"\n"
                                 "#3000\n0!\n#4000\n1!\n#5000\nb1111 \"\n");
  ASSERT_TRUE(cut_vcd_window(path, 2, 4));  // cycles (ns): 2000 to 4000 ps
  std::ifstream in(path);
  const std::string cut((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(cut,
            "$timescale 1 ps $end\n$var wire 1 ! a $end\n$var wire 4 \" b $end\n$enddefinitions $end\n"
            "#2000\n$dumpvars\n1!\nb0000 \"\n$end\nb0011 \"\n#3000\n0!\n#4000\n1!\n");
}

}  // namespace
}  // namespace kncsim
