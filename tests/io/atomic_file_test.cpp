// atomic_file: the target appears only on commit(), complete; nothing is left behind when a
// write is abandoned or fails; failures are plexus::error (io) naming the target. What the
// target is decides how it is written: links are followed and kept, FIFOs, devices and
// standard output are written in place, folders are refused.
#include "plexus/io/atomic_file.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "plexus/core/error.hpp"

namespace fs = std::filesystem;

namespace {

class atomic_file_test : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("plexus-atomic-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  fs::path dir_;
};

TEST_F(atomic_file_test, commit_creates_the_target_and_removes_the_temporary) {
  const fs::path target = dir_ / "out.bin";
  {
    plexus::io::atomic_file file(target);
    file.write("hello ");
    file.write("world");
    EXPECT_FALSE(fs::exists(target)) << "the target must not appear before commit";
    EXPECT_EQ(entries().size(), 1u);  // only the temporary
    EXPECT_EQ(entries()[0].rfind("out.bin.tmp-", 0), 0u) << entries()[0];
    file.commit();
  }
  EXPECT_EQ(slurp(target), "hello world");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(atomic_file_test, abandoned_write_leaves_nothing) {
  const fs::path target = dir_ / "out.bin";
  {
    plexus::io::atomic_file file(target);
    file.write("partial");
  }
  EXPECT_FALSE(fs::exists(target));
  EXPECT_TRUE(entries().empty());
}

TEST_F(atomic_file_test, abandoned_write_keeps_the_previous_file) {
  const fs::path target = dir_ / "out.bin";
  std::ofstream(target) << "old";
  {
    plexus::io::atomic_file file(target);
    file.write("new content that is never committed");
  }
  EXPECT_EQ(slurp(target), "old");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(atomic_file_test, commit_replaces_an_existing_file) {
  const fs::path target = dir_ / "out.bin";
  std::ofstream(target) << "old content, longer than the new one";
  plexus::io::atomic_file file(target);
  file.write("new");
  file.commit();
  EXPECT_EQ(slurp(target), "new");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(atomic_file_test, large_writes_arrive_intact) {
  std::vector<unsigned char> data(5'000'003);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<unsigned char>((i * 2654435761u) >> 13);
  const fs::path target = dir_ / "big.bin";
  plexus::io::atomic_file file(target);
  file.write(data.data(), 17);
  file.write(data.data() + 17, data.size() - 17);
  file.commit();
  const std::string back = slurp(target);
  ASSERT_EQ(back.size(), data.size());
  EXPECT_EQ(0, std::memcmp(back.data(), data.data(), data.size()));
}

TEST_F(atomic_file_test, concurrent_writers_use_distinct_temporaries) {
  const fs::path target = dir_ / "out.bin";
  plexus::io::atomic_file a(target);
  plexus::io::atomic_file b(target);
  a.write("aaaa");
  b.write("bb");
  EXPECT_EQ(entries().size(), 2u);
  a.commit();
  b.commit();  // last rename wins, whole
  EXPECT_EQ(slurp(target), "bb");
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(atomic_file_test, missing_folder_is_an_io_error_naming_target_and_reason) {
  const fs::path target = dir_ / "no" / "such" / "folder" / "out.bin";
  try {
    plexus::io::atomic_file file(target);
    FAIL() << "expected plexus::error";
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), plexus::error_kind::io);
    const std::string message = e.what();
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_NE(message.find("directory " + target.parent_path().string() + " does not exist"),
              std::string::npos)
        << message;
  }
}

TEST_F(atomic_file_test, a_folder_is_refused_before_anything_is_written) {
  const fs::path target = dir_ / "a_folder";
  fs::create_directories(target / "inside");
  EXPECT_THROW(plexus::io::atomic_file file(target), plexus::error);
  EXPECT_THROW(plexus::io::check_output(target), plexus::error);
  EXPECT_EQ(entries(), std::vector<std::string>{"a_folder"});
  EXPECT_TRUE(fs::is_directory(target / "inside"));
}

// A symbolic link is followed: the file it names gets the new content, and the link stays a
// link (rename(2) onto the link's own name would have replaced the link by a plain file).
TEST_F(atomic_file_test, a_symbolic_link_is_followed_and_kept) {
  fs::create_directories(dir_ / "real");
  const fs::path file = dir_ / "real" / "data.tsv", link = dir_ / "link.tsv";
  std::ofstream(file) << "old";
  fs::create_symlink(fs::path("real") / "data.tsv", link);
  plexus::io::atomic_file out(link);
  out.write("new");
  out.commit();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(slurp(file), "new");
  EXPECT_EQ(entries(), (std::vector<std::string>{"link.tsv", "real"}));
}

TEST_F(atomic_file_test, a_dangling_link_creates_the_file_it_names) {
  const fs::path link = dir_ / "link.tsv";
  fs::create_symlink("made.tsv", link);
  plexus::io::atomic_file out(link);
  out.write("made");
  out.commit();
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(slurp(dir_ / "made.tsv"), "made");
}

TEST_F(atomic_file_test, replacing_keeps_the_permission_bits) {
  const fs::path target = dir_ / "out.tsv";
  std::ofstream(target) << "old";
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  plexus::io::atomic_file out(target);
  out.write("new");
  out.commit();
  EXPECT_EQ(fs::status(target).permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

// A FIFO is written in place, for the process reading it; it stays a FIFO.
TEST_F(atomic_file_test, a_fifo_is_written_in_place) {
  const fs::path fifo = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  {
    EXPECT_EQ(plexus::io::check_output(fifo), plexus::io::output_kind::in_place);
    plexus::io::atomic_file out(fifo);
    EXPECT_EQ(out.kind(), plexus::io::output_kind::in_place);
    out.write("through the pipe");
    out.commit();
  }
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_EQ(entries(), std::vector<std::string>{"pipe"});
}

TEST_F(atomic_file_test, a_character_device_is_written_in_place) {
  EXPECT_EQ(plexus::io::check_output("/dev/null"), plexus::io::output_kind::in_place);
  plexus::io::atomic_file out("/dev/null");
  out.write("discarded");
  out.commit();
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

// "-" and a path naming the file standard output already is both write to standard output.
TEST_F(atomic_file_test, dash_and_the_standard_output_file_write_to_standard_output) {
  const fs::path captured = dir_ / "captured";
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int fd = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(fd, 0);
  ::dup2(fd, STDOUT_FILENO);
  ::close(fd);
  for (const fs::path& target : {fs::path("-"), captured}) {
    EXPECT_EQ(plexus::io::check_output(target), plexus::io::output_kind::standard_output);
    plexus::io::atomic_file out(target);
    out.write(target == "-" ? "dash\n" : "path\n");
    out.commit();
  }
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(slurp(captured), "dash\npath\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"captured"});
}

TEST_F(atomic_file_test, check_output_leaves_nothing_behind) {
  EXPECT_EQ(plexus::io::check_output(dir_ / "new.tsv"), plexus::io::output_kind::replace);
  EXPECT_TRUE(entries().empty());
  EXPECT_THROW(plexus::io::check_output(dir_ / "absent" / "new.tsv"), plexus::error);
  EXPECT_THROW(plexus::io::check_output("/sys/plexus-output-test.tsv"), plexus::error);
}

// What a signal handler calls: every temporary of a live, uncommitted file is removed.
TEST_F(atomic_file_test, remove_temporary_files_removes_every_live_temporary) {
  plexus::io::atomic_file a(dir_ / "a.tsv");
  plexus::io::atomic_file b(dir_ / "b.tsv");
  a.write("partial");
  EXPECT_EQ(entries().size(), 2u);
  plexus::io::remove_temporary_files();
  EXPECT_TRUE(entries().empty());
}

TEST_F(atomic_file_test, misuse_after_commit_is_reported) {
  plexus::io::atomic_file file(dir_ / "out.bin");
  file.commit();
  EXPECT_THROW(file.commit(), plexus::error);
  EXPECT_THROW(file.write("late"), plexus::error);
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

}  // namespace
