// The memory estimate kncsim checks before building a network: within 2x of the peak
// resident memory the run really reaches, at three sizes of each model and past saturation;
// and a configuration above the limit is refused at once with the estimate and a cheaper
// alternative.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::Background;
using kncsim::test::kncsim;
using kncsim::test::Outcome;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // ASan's shadow memory and quarantine inflate RSS
#else
constexpr bool kSanitized = false;
#endif

struct Size {
  const char* name;
  std::string args;
};

void PrintTo(const Size& s, std::ostream* os) { *os << s.name; }

class MemoryEstimate : public ::testing::TestWithParam<Size> {};

TEST_P(MemoryEstimate, IsWithinTwiceOfThePeakMeasured) {
  std::vector<std::string> args{"run", "--json", "-", "--set", "run.convergence=fixed", "--set", "run.threads=1"};
  std::istringstream words(GetParam().args);
  for (std::string w; words >> w;) args.push_back(w);
  Background run(args);
  const Outcome o = run.wait();
  ASSERT_EQ(o.status, 0) << o.err;
  const double estimate = nlohmann::json::parse(o.out)["memory"]["estimate_mb"].get<double>();
  const double measured = double(o.max_rss_kb) * 1024 / 1e6;
  EXPECT_LE(estimate, 2 * measured) << "estimate " << estimate << " MB, measured " << measured << " MB";
  // Under AddressSanitizer RSS includes shadow memory and quarantine: only the upper side holds.
  if (!kSanitized) {
    EXPECT_GE(estimate, measured / 2) << "estimate " << estimate << " MB, measured " << measured << " MB";
  }
  std::cout << GetParam().name << ": estimate " << estimate << " MB, measured peak " << measured << " MB\n";
}

INSTANTIATE_TEST_SUITE_P(
    Models, MemoryEstimate,
    ::testing::Values(
        Size{"ref_64", "--set network.radix=64 --set traffic.load=.3 --set run.cycles=2000"},
        Size{"ref_256", "--set network.radix=256 --set traffic.load=.01 --set run.cycles=200"},
        Size{"ref_16_overloaded", "--set network.radix=16 --set traffic.load=4 --set run.cycles=200000"},
        Size{"systemc_32", "--set router.impl=systemc --set network.radix=32 --set traffic.load=.1 --set run.cycles=2000"},
        Size{"systemc_128", "--set router.impl=systemc --set network.radix=128 --set traffic.load=.01 --set run.cycles=100"},
        Size{"systemc_16_overloaded", "--set router.impl=systemc --set network.radix=16 --set traffic.load=4 "
                                      "--set traffic.stream=counter --set run.cycles=40000"},
        Size{"rtl_16", "--set router.impl=rtl --set router.fifo_flits=4 --set router.flow_control=wormhole "
                       "--set network.radix=16 --set traffic.load=.1 --set run.cycles=2000"},
        Size{"rtl_64_q128", "--set router.impl=rtl --set router.fifo_flits=128 --set network.radix=64 "
                            "--set traffic.load=.01 --set run.cycles=100"},
        Size{"rings_512", "--set network.topology=rings --set router.model=sci --set network.dims=3 "
                          "--set network.radix=8 --set traffic.load=.3 --set run.cycles=2000"},
        Size{"rings_4096", "--set network.topology=rings --set router.model=sci --set network.dims=6 "
                           "--set network.radix=4 --set traffic.load=.1 --set run.cycles=300"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(MemoryLimit, AHugeSystemCNetworkIsRefusedAtOnceWithACheaperAlternative) {
  const Outcome o = kncsim("run --set router.impl=systemc --set network.radix=[4096,4096]");
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  for (const char* part : {"estimated peak memory", "MemAvailable", "router.impl: ref", "run.memory_limit"})
    EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}

TEST(MemoryLimit, RunMemoryLimitOverridesTheMachinesMemory) {
  const Outcome refused = kncsim("run --set router.impl=systemc --set network.radix=64 --set run.memory_limit=16");
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("limit of 17 MB (run.memory_limit)"), std::string::npos) << refused.err;
  const Outcome runs = kncsim(
      "run --set router.impl=systemc --set network.radix=8 --set run.memory_limit=64 --set run.convergence=fixed "
      "--set run.cycles=100");
  EXPECT_EQ(runs.status, 0) << runs.err;
}

TEST(MemoryLimit, AnOverloadedRunThatWouldOutgrowTheLimitIsRefusedBeforeItStarts) {
  // 1 flit/node/cycle on a 16x16 mesh for 16M cycles piles up about 1e8 packets.
  const Outcome o = kncsim(
      "run --set router.impl=systemc --set network.radix=16 --set traffic.load=4 --set run.convergence=fixed "
      "--set run.cycles=16000000 --set run.memory_limit=1000");
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_NE(o.err.find("traffic.source_queue_packets"), std::string::npos) << o.err;
}

}  // namespace
