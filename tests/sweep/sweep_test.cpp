// kncsim sweep as a user runs it: points expanded in order, a load series stopping at
// saturation, resumption after a kill (only the missing points run, the results are the same
// bytes), and bad sweep files refused before anything runs.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include "support/kncsim_process.hpp"
#include "support/sweep_files.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
using test::kncsim;
using test::Outcome;
using test::read_file;

TEST(Sweep, RunsEveryPointInOrderAndStopsASeriesAtSaturation) {
  const test::SweepDir d("series", test::kSeriesSweep);
  const Outcome o = kncsim(fmt::format("sweep {} -j 2", d.file));
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const std::string results = read_file(d.dir + "/results.jsonl");
  std::vector<nlohmann::json> lines;
  std::stringstream in(results);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 8u);  // 2 radices x 4 loads, the first key slowest
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i]["point"], i);
    EXPECT_EQ(lines[i]["params"]["network.radix"], i < 4 ? 4 : 8);
  }
  // 4x4 saturates (T above the bound) at A = .7 in Critique Table 3 (T = 335): .9 is skipped.
  EXPECT_EQ(lines[2]["status"], "saturated");
  EXPECT_GT(lines[2]["result"]["T"].get<double>(), 150);
  EXPECT_EQ(lines[3]["status"], "skipped");
  EXPECT_FALSE(lines[3].contains("result"));
  EXPECT_EQ(lines[4]["status"], "done");
  EXPECT_NEAR(lines[5]["result"]["T"].get<double>(), 21.6374, 1e-4) << "Table 3, R=8, A=.3";
  EXPECT_FALSE(lines[5]["result"]["channels"].contains("utilisation")) << "record: summary drops the arrays";
  EXPECT_TRUE(lines[5]["result"]["latency"].contains("p99"));
  const std::string csv = read_file(d.dir + "/summary.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "point,network.radix,traffic.load,seed,status,converged,stop_reason,T,U,TP,D,AQLEN,p50,p90,p99,"
            "ci95_half_width,curtime,energy_per_flit_pj,energy_per_packet_pj,power_mw,energy_total_pj,energy_delay_pj_ns,"
            "trace_cycles,trace_slowdown,trace_latency_mean");
  EXPECT_NE(csv.find("\n3,4,0.9,,skipped,"), std::string::npos) << csv;

  // Run again: nothing to do, the same bytes.
  const Outcome again = kncsim(fmt::format("sweep {}", d.file));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("8 already done; 0 tasks to run"), std::string::npos) << again.out;
  EXPECT_EQ(read_file(d.dir + "/results.jsonl"), results);
}

TEST(Sweep, KilledHalfwayRerunsOnlyTheMissingPoints) {
  const test::SweepDir whole("whole", test::kSlowSweep), cut("cut", test::kSlowSweep);
  const Outcome ref = kncsim(fmt::format("sweep {} -j 2", whole.file));
  ASSERT_EQ(ref.status, 0) << ref.err;

  test::Background run({"sweep", cut.file, "-j", "1"});
  ASSERT_TRUE(run.started());
  // Wait for some points, then stop it as a batch system or a user would.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (test::count_files(cut.dir + "/points") < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  run.signal(SIGTERM);
  const Outcome stopped = run.wait();
  EXPECT_EQ(stopped.status, 128 + SIGTERM) << stopped.out << stopped.err;
  EXPECT_NE(stopped.err.find("run the same command again"), std::string::npos) << stopped.err;
  const int kept = test::count_files(cut.dir + "/points");
  ASSERT_GE(kept, 2);
  ASSERT_LT(kept, 6) << "the kill came too late to test anything";
  EXPECT_FALSE(fs::exists(cut.dir + "/results.jsonl"));

  const Outcome rest = kncsim(fmt::format("sweep {} -j 2", cut.file));
  ASSERT_EQ(rest.status, 0) << rest.err;
  EXPECT_NE(rest.out.find(fmt::format("{} already done; {} tasks to run", kept, 6 - kept)), std::string::npos) << rest.out;
  EXPECT_EQ(read_file(cut.dir + "/results.jsonl"), read_file(whole.dir + "/results.jsonl"));
  EXPECT_EQ(read_file(cut.dir + "/summary.csv"), read_file(whole.dir + "/summary.csv"));
}

// Two sweeps into one folder at once: each point runs once, under its lock, and the other sweep
// waits for it and takes its file; both end with the same whole results as a sweep alone.
TEST(Sweep, TwoSweepsIntoOneFolderRunEachPointOnce) {
  const test::SweepDir alone("alone", test::kSlowSweep), shared("shared", test::kSlowSweep);
  const Outcome ref = kncsim(fmt::format("sweep {} -j 2", alone.file));
  ASSERT_EQ(ref.status, 0) << ref.err;

  // One point, two workers at once: exactly one runs it (the point takes a quarter second, so
  // they overlap; the other waits for the lock and finds the point's file).
  test::Background a({"sweep", shared.file, "--point", "0"}), b({"sweep", shared.file, "--point", "0"});
  ASSERT_TRUE(a.started() && b.started());
  const Outcome ra = a.wait(), rb = b.wait();
  ASSERT_EQ(ra.status, 0) << ra.err;
  ASSERT_EQ(rb.status, 0) << rb.err;
  auto ran = [](const Outcome& o) { return o.out.find("point 0: T = ") != std::string::npos; };
  EXPECT_EQ(int(ran(ra)) + int(ran(rb)), 1) << "first:\n" << ra.out << "second:\n" << rb.out;

  // Whole sweeps, two at once into the same folder.
  test::Background c({"sweep", shared.file, "-j", "1"}), d({"sweep", shared.file, "-j", "1"});
  ASSERT_TRUE(c.started() && d.started());
  const Outcome rc = c.wait(), rd = d.wait();
  ASSERT_EQ(rc.status, 0) << rc.out << rc.err;
  ASSERT_EQ(rd.status, 0) << rd.out << rd.err;
  EXPECT_EQ(read_file(shared.dir + "/results.jsonl"), read_file(alone.dir + "/results.jsonl"));
  EXPECT_EQ(read_file(shared.dir + "/summary.csv"), read_file(alone.dir + "/summary.csv"));
}

// A point's worker waits while another process holds the point's lock (the point does not run
// meanwhile), runs it once the lock is free, and a stop signal ends the wait at once.
TEST(Sweep, APointWaitsForItsLockAndAStopSignalEndsTheWait) {
  const test::SweepDir d("locked", test::kSlowSweep);
  ASSERT_EQ(kncsim(fmt::format("sweep {} --point 0", d.file)).status, 0);
  std::string id;  // the point's file is named by its id
  for (const auto& e : fs::directory_iterator(d.dir + "/points")) id = e.path().stem().string();
  ASSERT_FALSE(id.empty());
  const std::string point = d.dir + "/points/" + id + ".json", lock = d.dir + "/locks/" + id + ".lock";
  fs::remove(point);
  const int fd = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);

  test::Background waiting({"sweep", d.file, "--point", "0"});
  ASSERT_TRUE(waiting.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the point alone takes a quarter second
  EXPECT_FALSE(fs::exists(point)) << "the point ran while another process held its lock";
  flock(fd, LOCK_UN);
  const Outcome ran = waiting.wait();
  EXPECT_EQ(ran.status, 0) << ran.err;
  EXPECT_NE(ran.err.find("waits for another sweep"), std::string::npos) << ran.err;
  EXPECT_NE(ran.out.find("point 0: T = "), std::string::npos) << ran.out;

  fs::remove(point);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);
  test::Background stopped({"sweep", d.file, "--point", "0"});
  ASSERT_TRUE(stopped.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  stopped.signal(SIGTERM);
  std::atomic<bool> ended{false};
  std::thread release([fd, &ended] {  // were the stop not seen, the wait would end only here
    for (int i = 0; i < 100 && !ended; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    flock(fd, LOCK_UN);
  });
  const auto t0 = std::chrono::steady_clock::now();
  const Outcome o = stopped.wait();
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ended = true;
  release.join();
  close(fd);
  EXPECT_EQ(o.status, 128 + SIGTERM) << o.out << o.err;
  EXPECT_LT(waited, 5) << "the stop signal did not end the wait for the lock";
  EXPECT_FALSE(fs::exists(point));
}

// A skipped marker is not a result: an edited sweep whose series no longer stops below the point
// runs it (a worker must not take the marker for another sweep's run).
TEST(Sweep, ASkippedMarkerDoesNotStopAnEditedSweepFromRunningThePoint) {
  const test::SweepDir d("marker", "set: {router.impl: ref, network.radix: 4}\ngrid:\n  traffic.load: [.1, .5, .9]\n"
                                    "stop_at_saturation: {latency_bound: 30}\n");
  const Outcome first = kncsim(fmt::format("sweep {} -j 1", d.file));
  ASSERT_EQ(first.status, 0) << first.err;
  ASSERT_NE(read_file(d.dir + "/results.jsonl").find("\"skipped\""), std::string::npos);
  std::ofstream(d.file) << "set: {router.impl: ref, network.radix: 4}\ngrid:\n  traffic.load: [.1, .9]\n"
                           "stop_at_saturation: {latency_bound: 30}\n";
  const Outcome second = kncsim(fmt::format("sweep {} -j 1", d.file));
  ASSERT_EQ(second.status, 0) << second.out << second.err;
  EXPECT_EQ(read_file(d.dir + "/results.jsonl").find("\"skipped\""), std::string::npos)
      << read_file(d.dir + "/results.jsonl");
}

// Results are found by configuration, but what a point is, and whether it saturates, come from
// the sweep file as it is now.
TEST(Sweep, AnEditedSweepReusesResultsUnderItsOwnPointsAndBounds) {
  const test::SweepDir d("edited", "set: {router.impl: ref, network.radix: 4}\ngrid:\n  traffic.load: [.1, .3, .6, .7]\n"
                                   "stop_at_saturation: {latency_bound: 100}\n");
  ASSERT_EQ(kncsim(fmt::format("sweep {}", d.file)).status, 0);
  EXPECT_NE(read_file(d.dir + "/summary.csv").find("\n2,0.6,,saturated,"), std::string::npos)  // T = 108 > 100
      << read_file(d.dir + "/summary.csv");
  // A routing key in front, a load more, and a higher bound: .6 no longer saturates, .7 (skipped before) runs.
  std::ofstream(d.file) << "set: {router.impl: ref, network.radix: 4}\ngrid:\n  router.routing: [dor]\n"
                           "  traffic.load: [.05, .1, .3, .6, .7]\nstop_at_saturation: {latency_bound: 1000}\n";
  const Outcome o = kncsim(fmt::format("sweep {}", d.file));
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string csv = read_file(d.dir + "/summary.csv");
  EXPECT_NE(csv.find("\n0,dor,0.05,,done,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n3,dor,0.6,,done,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n4,dor,0.7,,done,"), std::string::npos) << csv;  // T = 382 (Table 3)
  std::stringstream in(read_file(d.dir + "/results.jsonl"));
  int n = 0;
  for (std::string line; std::getline(in, line); ++n) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["point"], n);
    EXPECT_EQ(j["params"]["router.routing"], "dor");
  }
  EXPECT_EQ(n, 5);
}

TEST(Sweep, BadSweepFilesAreRefusedBeforeAnythingRuns) {
  struct Bad {
    const char* text;
    const char* message;
  };
  const Bad cases[] = {
      {"grid:\n  traffic.load: [.1]\nsets:\n  router.impl: ref\n", ":3: unknown key 'sets'"},
      {"grid:\n  traffic.load: []\n", "has no values"},
      {"grid:\n  traffic.lod: [.1, .2]\n", "traffic.lod"},
      {"grid:\n  traffic.load: {from: .5, to: .1, step: .1}\n", "to >= from"},
      {"grid:\n  network.radix: [4]\nstop_at_saturation: true\n", "is not varied"},
      {"grid:\n  traffic.load: [.1, 7x]\n", "traffic.load"},
      {"set:\n  traffic.load: .1\ngrid:\n  traffic.load: [.2]\n", "both in set and in grid"},
      {"grid:\n  traffic.load: [.1]\nrepetitions: 0\n", "repetitions"},
      {"grid:\n  router.routing: [dor]\nstop_at_saturation: {key: router.routing}\n", "not a number key"},
      {"grid:\n  traffic.load: [.1]\nstop_at_saturation: {detect: maybe}\n", ":3: stop_at_saturation.detect: allowed: true, false"},
      {"set:\n  run.saturation: detect\ngrid:\n  traffic.load: [.1]\nstop_at_saturation: true\n",
       "run.saturation is in set while stop_at_saturation sets it"},
  };
  for (const Bad& b : cases) {
    const test::SweepDir d("bad", b.text);
    const Outcome o = kncsim(fmt::format("sweep {}", d.file));
    EXPECT_EQ(o.status, 2) << b.text;
    EXPECT_NE(o.err.find(b.message), std::string::npos) << b.text << "\n" << o.err;
    EXPECT_NE(o.err.find(d.file), std::string::npos) << "names the file: " << o.err;
    EXPECT_FALSE(fs::exists(d.dir)) << "nothing written";
  }
  // No sbatch on PATH: refused before anything is submitted or written.
  const test::SweepDir d("noslurm", test::kSeriesSweep);
  const Outcome o = kncsim(fmt::format("sweep {} --backend slurm", d.file), "PATH=/nonexistent");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("sbatch is not on PATH"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(d.dir));
  // Not even --fresh removes anything then.
  ASSERT_EQ(kncsim(fmt::format("sweep {}", d.file)).status, 0);
  const int points = test::count_files(d.dir + "/points");
  EXPECT_EQ(kncsim(fmt::format("sweep {} --fresh --backend slurm", d.file), "PATH=/nonexistent").status, 2);
  EXPECT_EQ(test::count_files(d.dir + "/points"), points);
}

}  // namespace
}  // namespace kncsim
