// kncsim sweep --backend slurm on a real Slurm cluster (scripts/slurm_local.sh starts a one-node
// cluster on this machine; CTest's slurm_cluster fixture does it before this test): the same
// sweep as one job array gives byte-for-byte the local backend's result files.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <cstdlib>

#include "support/kncsim_process.hpp"
#include "support/sweep_files.hpp"

namespace kncsim {
namespace {

using test::kncsim;
using test::read_file;

TEST(SlurmSweep, JobArrayGivesTheLocalBackendsFilesByteForByte) {
  ASSERT_NE(std::getenv("SLURM_CONF"), nullptr) << "run through ctest (the slurm_cluster fixture sets SLURM_CONF)";
  const test::SweepDir local("local", test::kSeriesSweep), slurm("slurm", test::kSeriesSweep);
  const auto a = kncsim(fmt::format("sweep {} -j 2", local.file));
  ASSERT_EQ(a.status, 0) << a.out << a.err;
  const auto b = kncsim(fmt::format("sweep {} --backend slurm", slurm.file));
  ASSERT_EQ(b.status, 0) << b.out << b.err;
  EXPECT_NE(b.out.find("submitting 2 tasks as a Slurm job array of 2"), std::string::npos) << b.out;
  EXPECT_NE(read_file(slurm.dir + "/slurm/task_0.log").find("point 0:"), std::string::npos) << "ran under Slurm";
  const std::string results = read_file(local.dir + "/results.jsonl");
  EXPECT_FALSE(results.empty());
  EXPECT_EQ(read_file(slurm.dir + "/results.jsonl"), results);
  EXPECT_EQ(read_file(slurm.dir + "/summary.csv"), read_file(local.dir + "/summary.csv"));
}

}  // namespace
}  // namespace kncsim
