// Text output, optionally gzip-compressed; see text_sink.hpp.
#include "text_sink.hpp"

#include <zlib.h>

#include <string>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::io::detail {

struct text_sink::deflater {
  z_stream z{};
  std::vector<unsigned char> out = std::vector<unsigned char>(std::size_t{1} << 20);

  deflater() {
    // 15 + 16: a 32 KiB window with a gzip header and trailer.
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw error(error_kind::internal, "zlib could not start compressing");
  }
  ~deflater() { deflateEnd(&z); }

  void pump(atomic_file& file, std::string_view text, int flush) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    do {
      z.next_out = out.data();
      z.avail_out = static_cast<uInt>(out.size());
      if (deflate(&z, flush) == Z_STREAM_ERROR) throw error(error_kind::internal, "zlib compression failed");
      file.write(out.data(), out.size() - z.avail_out);
    } while (z.avail_out == 0);
  }
};

bool names_gzip(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return ext == ".gz";
}

text_sink::text_sink(const std::filesystem::path& target) : file_(target) {
  if (names_gzip(target)) gzip_ = std::make_unique<deflater>();
}

text_sink::~text_sink() = default;

void text_sink::write(std::string_view text) {
  // zlib takes at most 4 GiB per call; callers write far smaller blocks.
  if (gzip_)
    gzip_->pump(file_, text, Z_NO_FLUSH);
  else
    file_.write(text);
}

void text_sink::commit() {
  if (gzip_) gzip_->pump(file_, {}, Z_FINISH);
  file_.commit();
}

}  // namespace plexus::io::detail
