// Every output a user names (--json, --csv, --vcd, trace.flits, a sweep's and diverge's
// directories) as the kncsim command meets it: a device stays the device it was, a FIFO and a
// process substitution get the whole result, a link is followed and kept, a regular file is
// fsynced, renamed into place and its directory fsynced. Device nodes are made with mknod in
// a temporary directory (root, as CI runs); no test touches the real /dev/null.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <regex>
#include <string>
#include <thread>

#include "support/kncsim_process.hpp"
#include "support/sweep_files.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kncsim::test::Background;
using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::read_file;

const std::string kRun =
    "run --quiet --set network.radix=4 --set traffic.load=.2 --set run.convergence=fixed --set run.cycles=400 ";

// A directory for one test.
using kncsim::test::read_fifo;

class Dir : public kncsim::test::TempDir {
 public:
  Dir() : TempDir("kncsim_outputs") {}
};

struct Node {
  dev_t rdev;
  ino_t ino;
  mode_t mode;
  uid_t uid;
  gid_t gid;
  bool operator==(const Node& o) const {
    return rdev == o.rdev && ino == o.ino && mode == o.mode && uid == o.uid && gid == o.gid;
  }
};

Node node_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(lstat(path.c_str(), &st), 0) << path << " is gone";
  return Node{st.st_rdev, st.st_ino, st.st_mode, st.st_uid, st.st_gid};
}

// A character device like /dev/null (1, 3), owned by someone else, in the test's directory.
bool make_null_device(const std::string& path) {
  if (mknod(path.c_str(), S_IFCHR | 0620, makedev(1, 3)) != 0) return false;
  return chown(path.c_str(), 4321, 4322) == 0;
}

// mknod needs root: the suite runs as root (CI does), and a run that is not cannot pass these.
#define REQUIRE_ROOT() ASSERT_EQ(geteuid(), 0u) << "mknod needs root: run the suite as root, as CI does"

TEST(OutputTargets, ACharacterDeviceNamedAsJsonVcdOrFlitLogStaysTheSameDevice) {
  REQUIRE_ROOT();
  Dir d;
  const std::string dev = d / "null";
  ASSERT_TRUE(make_null_device(dev)) << std::strerror(errno);
  const Node before = node_of(dev);
  const Outcome o = kncsim(kRun + "--set router.impl=systemc --json " + dev + " --vcd " + dev +
                           " --set trace.flits=" + dev);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(node_of(dev) == before) << "the device was replaced";
  EXPECT_TRUE(S_ISCHR(node_of(dev).mode));
  EXPECT_FALSE(fs::exists(dev + ".vcd")) << "--vcd on a device writes the device";
  // Every model writes its JSON through: the reference model and the rings too.
  EXPECT_EQ(kncsim(kRun + "--set router.impl=ref --json " + dev).status, 0);
  EXPECT_EQ(kncsim(kRun + "--set network.topology=rings --set router.model=sci --set network.radix=4 --json " + dev).status, 0);
  EXPECT_TRUE(node_of(dev) == before);
}

// --csv names a directory: a device there is refused before anything runs, and kept.
TEST(OutputTargets, ACharacterDeviceNamedAsCsvIsRefusedAndKept) {
  REQUIRE_ROOT();
  Dir d;
  const std::string dev = d / "null";
  ASSERT_TRUE(make_null_device(dev));
  const Node before = node_of(dev);
  const Outcome o = kncsim(kRun + "--set run.statistics=full --csv " + dev);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--csv '" + dev + "' is a device; allowed: a directory"), std::string::npos) << o.err;
  EXPECT_TRUE(node_of(dev) == before);
  // A device where one of the tables goes is written through, and kept.
  fs::create_directories(d / "tables");
  ASSERT_TRUE(make_null_device(d / "tables/nodes.csv"));
  const Node table = node_of(d / "tables/nodes.csv");
  EXPECT_EQ(kncsim(kRun + "--set run.statistics=full --csv " + (d / "tables")).status, 0);
  EXPECT_TRUE(node_of(d / "tables/nodes.csv") == table);
  EXPECT_NE(read_file(d / "tables/channels.csv").find("node,x0,x1,dim,dir"), std::string::npos);
}

// The FIFO's reader starts only after the run has simulated: the check before cycle 0 did
// not wait for it, and the reader then gets the whole JSON.
TEST(OutputTargets, AFifoWithAReaderGetsTheWholeJsonAndStaysAFifo) {
  Dir d;
  const std::string fifo = d / "result";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Background run({"run", "--quiet", "--set", "network.radix=4", "--set", "run.convergence=fixed", "--set",
                  "run.cycles=400", "--json", fifo});
  ASSERT_TRUE(run.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // simulated, now waiting at the FIFO
  const std::string text = read_fifo(fifo).get();
  const Outcome o = run.wait();
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("simulated in"), std::string::npos) << o.out;
  const auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["curtime"], 400);
  struct stat st {};
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

// bash's >(...) hands kncsim /dev/fd/63, a pipe it holds.
TEST(OutputTargets, ProcessSubstitutionGetsTheJson) {
  Dir d;
  const std::string file = d / "from_pipe.json";
  const std::string cmd = "bash -c '" + std::string(KNCSIM_BIN) + " " + kRun + "--json >(cat > " + file +
                          ")' 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  ASSERT_EQ(pclose(p), 0) << out;
  nlohmann::json j;
  for (int tries = 0; tries < 100; ++tries) {  // cat may finish just after kncsim
    j = nlohmann::json::parse(read_file(file), nullptr, false);
    if (!j.is_discarded()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_FALSE(j.is_discarded()) << read_file(file);
  EXPECT_EQ(j["curtime"], 400);
}

// /dev/stdout is this process's stdout: the JSON goes there, and the summary to stderr so as
// not to mix with it.
TEST(OutputTargets, DevStdoutCarriesTheJsonAlone) {
  const Outcome o = kncsim(kRun + "--json /dev/stdout");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(nlohmann::json::parse(o.out)["curtime"], 400);
  EXPECT_NE(o.err.find("simulated in"), std::string::npos) << o.err;
}

TEST(OutputTargets, ALinkIsFollowedAndStaysALink) {
  Dir d;
  fs::create_directories(d / "runs");
  fs::create_directories(d / "results");
  std::ofstream(d / "runs/42.json") << "old";
  fs::create_symlink("../runs/42.json", d / "results/latest.json");
  fs::create_symlink("../runs/42.vcd", d / "results/latest.vcd");
  const Outcome o = kncsim(kRun + "--set router.impl=systemc --json " + (d / "results/latest.json") + " --vcd " +
                           (d / "results/latest.vcd"));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(fs::is_symlink(d / "results/latest.json"));
  EXPECT_EQ(fs::read_symlink(d / "results/latest.json"), "../runs/42.json");
  EXPECT_EQ(nlohmann::json::parse(read_file(d / "runs/42.json"))["curtime"], 400);
  EXPECT_TRUE(fs::is_symlink(d / "results/latest.vcd"));
  EXPECT_NE(read_file(d / "runs/42.vcd").find("$enddefinitions"), std::string::npos);
}

// strace shows the order: the temporary file is fsynced, renamed over the path, and then its
// directory is opened and fsynced.
TEST(OutputTargets, AResultIsFsyncedRenamedAndItsDirectoryFsynced) {
  ASSERT_EQ(std::system("strace -V > /dev/null 2>&1"), 0) << "no strace: scripts/setup.sh installs it";
  Dir d;
  const std::string json = d / "r.json", log = d / "strace.log";
  // LeakSanitizer cannot run under ptrace (the sanitized build): strace's run goes without it.
  const std::string cmd = "ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0 strace -f -o " + log +
                          " -e trace=openat,fsync,rename,renameat,renameat2 " + std::string(KNCSIM_BIN) + " " + kRun +
                          "--json " + json + " > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << read_file(log);
  const std::string trace = read_file(log);
  // The last temporary file opened (the check before cycle 0 makes and removes one like it).
  const std::regex temporary("openat\\([^\\n]*\"(" + d / "\\.r\\.json\\.\\w+" + ")\"[^\\n]*= (\\d+)");
  std::smatch m, last;
  for (auto it = std::sregex_iterator(trace.begin(), trace.end(), temporary); it != std::sregex_iterator(); ++it) last = *it;
  ASSERT_FALSE(last.empty()) << trace;
  const std::string tmp = last[1], fd = last[2];
  const size_t open_at = size_t(last.position(0));
  const size_t sync_at = trace.find("fsync(" + fd + ")", open_at);
  const size_t rename_at = trace.find("\"" + tmp + "\"", trace.find("rename", sync_at));
  ASSERT_NE(sync_at, std::string::npos) << trace;
  ASSERT_NE(rename_at, std::string::npos) << "no rename after the fsync:\n" << trace;
  const std::string rest = trace.substr(rename_at);
  ASSERT_TRUE(std::regex_search(rest, m, std::regex("openat\\([^\\n]*\"" + d / "" + "?\"[^\\n]*O_DIRECTORY[^\\n]*= (\\d+)")))
      << rest;
  EXPECT_NE(rest.find("fsync(" + std::string(m[1]) + ")"), std::string::npos) << rest;
}

// A sweep's directory: --out through a link (kept), results.jsonl a link (its target
// replaced), summary.csv a device (written through, kept); a device as --out is refused.
TEST(OutputTargets, ASweepsOutputsFollowLinksAndKeepDevices) {
  REQUIRE_ROOT();
  Dir d;
  const std::string sweep = d / "s.yaml";
  std::ofstream(sweep) << "set: {router.impl: ref, network.radix: 4, run.convergence: fixed, run.cycles: 300}\n"
                          "grid:\n  traffic.load: [.1, .2]\n";
  fs::create_directories(d / "real");
  fs::create_directories(d / "kept");
  fs::create_symlink("real", d / "out");
  std::ofstream(d / "kept/results.jsonl") << "old\n";
  fs::create_symlink("../kept/results.jsonl", d / "real/results.jsonl");
  ASSERT_TRUE(make_null_device(d / "real/summary.csv"));
  const Node summary = node_of(d / "real/summary.csv");
  const Outcome o = kncsim("sweep " + sweep + " -j 1 --quiet --out " + (d / "out"));
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(fs::is_symlink(d / "out"));
  EXPECT_TRUE(fs::is_symlink(d / "real/results.jsonl"));
  const std::string lines = read_file(d / "kept/results.jsonl");
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2) << lines;
  EXPECT_EQ(nlohmann::json::parse(lines.substr(0, lines.find('\n')))["status"], "done");
  EXPECT_TRUE(node_of(d / "real/summary.csv") == summary);
  EXPECT_EQ(kncsim::test::count_files(d / "real/points"), 2);

  ASSERT_TRUE(make_null_device(d / "dev"));
  const Node dev = node_of(d / "dev");
  const Outcome refused = kncsim("sweep " + sweep + " -j 1 --quiet --out " + (d / "dev"));
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("is a device; allowed: a directory"), std::string::npos) << refused.err;
  EXPECT_TRUE(node_of(d / "dev") == dev);
}

// diverge --out: through a link to a directory (kept); a device is refused and kept.
TEST(OutputTargets, DivergeOutFollowsALinkAndRefusesADevice) {
  Dir d;
  fs::create_directories(d / "real");
  fs::create_symlink("real", d / "out");
  const std::string rtl = " --set network.radix=4 --set router.impl=rtl --set router.fifo_flits=4"
                          " --set router.flow_control=wormhole --set traffic.packet_flits=6 --set traffic.load=0.3"
                          " --set run.convergence=fixed --set run.cycles=300";
  const Outcome o = kncsim("diverge --out " + (d / "out") + rtl);
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_TRUE(fs::is_symlink(d / "out"));
  EXPECT_EQ(read_file(d / "real/rtl.flits").rfind("# kncsim flit log", 0), 0u);
  EXPECT_EQ(nlohmann::json::parse(read_file(d / "real/systemc.json"))["curtime"], 300);
  REQUIRE_ROOT();
  ASSERT_TRUE(make_null_device(d / "dev"));
  const Node dev = node_of(d / "dev");
  const Outcome refused = kncsim("diverge --out " + (d / "dev") + rtl);
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--out '" + (d / "dev") + "' is a device"), std::string::npos) << refused.err;
  EXPECT_TRUE(node_of(d / "dev") == dev);
}

// What cannot work is still refused before cycle 0, with exit 2 and the reason: a read-only
// file (for a user that is not root: root may replace it, as cp would).
TEST(OutputTargets, AReadOnlyFileIsRefusedBeforeSimulating) {
  Dir d;
  const std::string path = d / "locked.json";
  std::ofstream(path) << "keep";
  chmod(path.c_str(), 0444);
  // Root may write a 0444 file: then the file is made immutable (chattr +i), which root may
  // not write either; where the file system has no such attribute, kncsim runs as nobody.
  std::string prefix, why = "Permission denied";
  const bool immutable = geteuid() == 0 && std::system(("chattr +i " + path + " 2>/dev/null").c_str()) == 0;
  if (immutable) {
    why = "Operation not permitted";
  } else if (geteuid() == 0) {
    chmod(d.path().c_str(), 0777);
    prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups";
  }
  const Outcome o = kncsim("run --set network.radix=32 --set run.convergence=fixed --set run.cycles=10000000 --json " +
                               path,
                           prefix);
  if (immutable) std::system(("chattr -i " + path).c_str());
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--json '" + path + "' exists and cannot be overwritten: " + why), std::string::npos) << o.err;
  EXPECT_EQ(read_file(path), "keep");
}

}  // namespace
