// The output layer (io/output_file.hpp) on every kind of path a user names: regular files
// replaced whole, links followed, FIFOs, sockets and descriptors written through, and the
// check before cycle 0 that opens nothing.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "io/output_file.hpp"
#include "support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kncsim::OutputError;
using kncsim::OutputTarget;
using kncsim::StagedOutput;
using kncsim::write_output_file;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A directory for one test.
using kncsim::test::read_fifo;

class Dir : public kncsim::test::TempDir {
 public:
  Dir() : TempDir("kncsim_output") {}
};

TEST(OutputFile, ARegularFileIsReplacedWholeKeepingItsModeAndLeavingNoTemporaryFile) {
  Dir d;
  const std::string path = d / "result.json";
  std::ofstream(path) << "old";
  chmod(path.c_str(), 0640);
  write_output_file(path, "new contents\n", "--json");
  EXPECT_EQ(slurp(path), "new contents\n");
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(d.names(), std::vector<std::string>{"result.json"});
}

TEST(OutputFile, ANewFileGetsTheUmasksModeAndAJobScriptItsExecuteBits) {
  Dir d;
  const mode_t old = umask(022);
  write_output_file(d / "a.json", "x", "--json");
  write_output_file(d / "job.sh", "#!/bin/sh\n", "sweep", 0777);
  umask(old);
  struct stat st {};
  ASSERT_EQ(stat((d / "a.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0644u);
  ASSERT_EQ(stat((d / "job.sh").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0755u);
}

// Two writers' worth of files, one after another, while a reader reads: every read is one
// whole file or the other.
TEST(OutputFile, AConcurrentReaderSeesTheOldOrTheNewFileNeverPartOfOne) {
  Dir d;
  const std::string path = d / "result.json";
  const std::string a(1 << 19, 'a'), b(1 << 19, 'b');
  write_output_file(path, a, "--json");
  std::atomic<bool> done{false};
  std::atomic<int> reads{0}, torn{0};
  std::thread reader([&] {
    while (!done) {
      const std::string seen = slurp(path);
      torn += seen != a && seen != b;
      ++reads;
    }
  });
  // Writes until the reader has read 50 times (a sanitized build reads slowly), 5000 at most.
  for (int i = 0; i < 5000 && (i < 100 || reads < 50); ++i) write_output_file(path, i % 2 ? a : b, "--json");
  done = true;
  reader.join();
  EXPECT_GE(reads.load(), 50);
  EXPECT_EQ(torn.load(), 0) << "of " << reads.load() << " reads";
}

TEST(OutputFile, ALinkIsFollowedItsTargetReplacedAndTheLinkKept) {
  Dir d;
  fs::create_directories(d / "runs");
  fs::create_directories(d / "results");
  std::ofstream(d / "runs/42.json") << "old";
  fs::create_symlink("../runs/42.json", d / "results/latest.json");
  fs::create_symlink("latest.json", d / "results/current.json");  // a link to a link
  write_output_file(d / "results/current.json", "new", "--json");
  EXPECT_TRUE(fs::is_symlink(d / "results/latest.json"));
  EXPECT_TRUE(fs::is_symlink(d / "results/current.json"));
  EXPECT_EQ(fs::read_symlink(d / "results/latest.json"), "../runs/42.json");
  EXPECT_EQ(slurp(d / "runs/42.json"), "new");
  // A link whose target does not exist yet: the target is created.
  fs::create_symlink("../runs/43.json", d / "results/next.json");
  write_output_file(d / "results/next.json", "made", "--json");
  EXPECT_TRUE(fs::is_symlink(d / "results/next.json"));
  EXPECT_EQ(slurp(d / "runs/43.json"), "made");
}

TEST(OutputFile, ALoopOfLinksIsRefusedNamingThePath) {
  Dir d;
  fs::create_symlink("b", d / "a");
  fs::create_symlink("a", d / "b");
  try {
    kncsim::check_output_path(d / "a", "--json");
    FAIL() << "a loop of links passed";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("symbolic links"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(d / "a"), std::string::npos) << e.what();
  }
}

TEST(OutputFile, AFifoIsWrittenThroughAndStaysAFifo) {
  Dir d;
  const std::string fifo = d / "pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto got = read_fifo(fifo);
  write_output_file(fifo, "through the pipe\n", "--json");
  EXPECT_EQ(got.get(), "through the pipe\n");
  struct stat st {};
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

// The check before cycle 0 must not open a FIFO: with no reader yet, an open would wait.
TEST(OutputFile, TheCheckDoesNotWaitForAFifosReader) {
  Dir d;
  const std::string fifo = d / "pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto checked = std::async(std::launch::async, [&] { return kncsim::check_output_path(fifo, "--json").kind; });
  ASSERT_EQ(checked.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "the check opened the FIFO";
  EXPECT_EQ(checked.get(), OutputTarget::Kind::fifo);
  // A staged FIFO whose writer adds a suffix is copied through at the finish, not opened before.
  auto staged = std::async(std::launch::async, [&] {
    StagedOutput s(fifo, "--vcd", ".vcd");
    s.abandon();  // no reader: finishing would wait for one
    return s.writer_path();
  });
  ASSERT_EQ(staged.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_NE(staged.get(), fifo);
}

TEST(OutputFile, ASocketIsConnectedToAndWritten) {
  Dir d;
  const std::string path = d / "sock";
  const int server = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof a.sun_path);
  std::strcpy(a.sun_path, path.c_str());
  ASSERT_EQ(bind(server, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(listen(server, 1), 0);
  auto got = std::async(std::launch::async, [server] {
    const int c = accept(server, nullptr, nullptr);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(c, buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
    close(c);
    return text;
  });
  write_output_file(path, "over a socket\n", "--json");
  EXPECT_EQ(got.get(), "over a socket\n");
  close(server);
  struct stat st {};
  ASSERT_EQ(lstat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
}

// /dev/fd/N (a shell's process substitution) is the descriptor itself, not a file to create.
TEST(OutputFile, ADescriptorIsWrittenThroughAndLeftOpen) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  const std::string path = "/dev/fd/" + std::to_string(p[1]);
  EXPECT_EQ(kncsim::check_output_path(path, "--json").kind, OutputTarget::Kind::descriptor);
  write_output_file(path, "by descriptor\n", "--json");
  EXPECT_NE(fcntl(p[1], F_GETFD), -1) << "the descriptor was closed";
  close(p[1]);
  std::string text;
  char buf[256];
  for (ssize_t n; (n = read(p[0], buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
  close(p[0]);
  EXPECT_EQ(text, "by descriptor\n");
  // One not open for writing is refused before anything runs.
  int q[2];
  ASSERT_EQ(pipe(q), 0);
  EXPECT_THROW(kncsim::check_output_path("/dev/fd/" + std::to_string(q[0]), "--json"), OutputError);
  close(q[0]);
  close(q[1]);
}

// A trace keeps the earlier file until it is finished, then replaces it whole; a writer that
// never started leaves the path as it was.
TEST(StagedOutput, AnEarlierFileStaysUntilTheTraceIsFinished) {
  Dir d;
  const std::string path = d / "run.flits";
  std::ofstream(path) << "earlier\n";
  {
    StagedOutput staged(path, "trace.flits");
    EXPECT_NE(staged.writer_path(), path);
    EXPECT_EQ(fs::path(staged.writer_path()).parent_path(), fs::path(path).parent_path());
    std::ofstream(staged.writer_path()) << "line 1\nline 2\n";
    EXPECT_EQ(slurp(path), "earlier\n");
  }
  EXPECT_EQ(slurp(path), "line 1\nline 2\n");
  {
    StagedOutput staged(path, "trace.flits");
    staged.abandon();
  }
  EXPECT_EQ(slurp(path), "line 1\nline 2\n");
  {
    StagedOutput staged(path, "--vcd", ".vcd");  // a VCD whose run failed before its first cycle
  }
  EXPECT_EQ(slurp(path), "line 1\nline 2\n") << "an unwritten trace replaced the earlier one";
  EXPECT_EQ(d.names(), std::vector<std::string>{"run.flits"});
}

// finish_all() is what a stop that skips destructors (an RTL assertion) calls.
TEST(StagedOutput, FinishAllPutsEveryOpenTraceInPlace) {
  Dir d;
  auto a = std::make_unique<StagedOutput>(d / "a.vcd", "--vcd", ".vcd");
  auto b = std::make_unique<StagedOutput>(d / "b.flits", "trace.flits");
  EXPECT_EQ(a->writer_path().substr(a->writer_path().size() - 4), ".vcd");
  std::ofstream(a->writer_path()) << "a";
  std::ofstream(b->writer_path()) << "b";
  StagedOutput::finish_all();
  EXPECT_EQ(slurp(d / "a.vcd"), "a");
  EXPECT_EQ(slurp(d / "b.flits"), "b");
  a.reset();
  b.reset();
  EXPECT_EQ(d.names(), (std::vector<std::string>{"a.vcd", "b.flits"}));
}

// A FIFO is written live: by its own name, or, for a writer that adds ".vcd", through a link
// that has it, which goes at the finish.
TEST(StagedOutput, AFifoIsWrittenLiveByItsNameOrThroughALink) {
  Dir d;
  const std::string fifo = d / "flits";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto live = read_fifo(fifo);
  {
    StagedOutput staged(fifo, "trace.flits");
    EXPECT_EQ(staged.writer_path(), fifo);
    std::ofstream(staged.writer_path()) << "live\n";
  }
  EXPECT_EQ(live.get(), "live\n");
  auto copied = read_fifo(fifo);
  std::string staging;
  {
    StagedOutput staged(fifo, "--vcd", ".vcd");
    staging = staged.writer_path();
    EXPECT_NE(staging, fifo);
    std::ofstream(staging) << "$enddefinitions $end\n";
  }
  EXPECT_EQ(copied.get(), "$enddefinitions $end\n");
  EXPECT_FALSE(fs::exists(staging)) << "the staging file is left behind";
  struct stat st {};
  ASSERT_EQ(lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST(OutputDirectory, IsMadeIfMissingAndRefusedIfSomethingElseIsThere) {
  Dir d;
  kncsim::check_output_directory(d / "made/deep", "--out");
  EXPECT_TRUE(fs::is_directory(d / "made/deep"));
  fs::create_symlink("made", d / "link");
  kncsim::check_output_directory(d / "link", "--out");
  EXPECT_TRUE(fs::is_symlink(d / "link"));
  ASSERT_EQ(mkfifo((d / "fifo").c_str(), 0600), 0);
  try {
    kncsim::check_output_directory(d / "fifo", "--out");
    FAIL() << "a FIFO passed as a directory";
  } catch (const OutputError& e) {
    EXPECT_NE(std::string(e.what()).find("is a FIFO; allowed: a directory"), std::string::npos) << e.what();
  }
  struct stat st {};
  ASSERT_EQ(lstat((d / "fifo").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

}  // namespace
