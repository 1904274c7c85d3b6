// Report lines held back while a command may still be refused; see held_lines.hpp.
#include "held_lines.hpp"

#include <cstdlib>
#include <new>

namespace plexus::cli {

held_lines::held_lines(std::FILE* to) : to_(to) {
  if (to_ == nullptr) return;
  held_ = open_memstream(&text_, &size_);
  if (held_ == nullptr) throw std::bad_alloc();
}

held_lines::~held_lines() {
  if (held_ != nullptr) std::fclose(held_);
  std::free(text_);
}

void held_lines::release() {
  if (held_ == nullptr) return;
  std::fclose(held_);  // sets text_ and size_ to what was written
  held_ = nullptr;
  std::fwrite(text_, 1, size_, to_);
  std::free(text_);
  text_ = nullptr;
}

}  // namespace plexus::cli
