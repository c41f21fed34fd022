// kncsim sweep --backend slurm on a real Slurm cluster (scripts/slurm_local.sh starts a one-node
// cluster on this machine; CTest's slurm_cluster fixture does it before this test): the same
// sweep as one job array gives byte-for-byte the local backend's result files, and array tasks
// that share a model cache build each RTL model once.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>

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

// RTL routers in every point, and an empty model cache that the array's tasks share
// (KNCSIM_CACHE, exported to the job as sbatch does by default): the tasks that start together
// wait on the model's lock, so the one model is built once, by one task, and loaded by all.
TEST(SlurmSweep, ArrayTasksSharingAModelCacheBuildEachModelOnce) {
  ASSERT_NE(std::getenv("SLURM_CONF"), nullptr) << "run through ctest (the slurm_cluster fixture sets SLURM_CONF)";
  const std::string cache = test::temp_path("slurm_cache");  // a fresh name (made as a file)
  std::filesystem::remove(cache);
  std::filesystem::create_directories(cache);
  const test::SweepDir sweep(
      "slurm_rtl",
      "set: {network.dims: 1, network.radix: 4, router.impl: rtl, router.fifo_flits: 2,\n"
      "      router.flow_control: wormhole, traffic.packet_flits: 4, run.convergence: fixed, run.cycles: 300}\n"
      "grid:\n  traffic.seed: [1, 2, 3, 4]\n");
  const auto o = kncsim(fmt::format("sweep {} --backend slurm", sweep.file), "KNCSIM_CACHE=" + cache);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("as a Slurm job array of 4"), std::string::npos) << o.out;
  std::string logs;
  for (const auto& e : std::filesystem::directory_iterator(sweep.dir + "/slurm"))
    if (e.path().filename().string().rfind("task_", 0) == 0) logs += read_file(e.path().string());
  const auto building = [&] {
    size_t n = 0;
    for (size_t at = logs.find("building the RTL model"); at != std::string::npos;
         at = logs.find("building the RTL model", at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(building(), 1u) << logs;
  EXPECT_EQ(test::count_files(cache + "/models"), 1);
  EXPECT_EQ(test::count_files(sweep.dir + "/points"), 4);
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace kncsim
