// atomic_file: the target appears only on commit(), complete; nothing is left behind when a
// write is abandoned or fails; failures are plexus::error (io) naming the target.
#include "plexus/io/atomic_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
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
    EXPECT_NE(message.find("No such file or directory"), std::string::npos) << message;
  }
}

TEST_F(atomic_file_test, commit_onto_a_folder_fails_and_cleans_up) {
  const fs::path target = dir_ / "a_folder";
  fs::create_directories(target / "inside");
  plexus::io::atomic_file file(target);
  file.write("x");
  EXPECT_THROW(file.commit(), plexus::error);
  EXPECT_EQ(entries(), std::vector<std::string>{"a_folder"});
}

TEST_F(atomic_file_test, misuse_after_commit_is_reported) {
  plexus::io::atomic_file file(dir_ / "out.bin");
  file.commit();
  EXPECT_THROW(file.commit(), plexus::error);
  EXPECT_THROW(file.write("late"), plexus::error);
  EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

}  // namespace
