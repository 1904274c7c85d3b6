// Benson/ScHoLP simplicial-complex datasets, as published with Benson, Abebe, Schaub,
// Jadbabaie and Kleinberg, "Simplicial closure and higher-order link prediction", PNAS
// 115(48), 2018 (github.com/arbenson/ScHoLP-Data).
//
// A dataset NAME is a family of files, each optionally gzip-compressed:
//   NAME-nverts.txt     line k: the number of vertices of simplex k
//   NAME-simplices.txt  the vertex ids of all simplices, concatenated, 1-based
//   NAME-times.txt, NAME-node-labels.txt, ...  (not needed for the structure)
// The sizes must add up to the number of ids. A simplex that recurs (once per timestamp)
// is one hyperedge per record here; build with remove_duplicate_edges to keep one.
// The ids that occur are the vertices, keeping the file's ids as original ids, since the
// node-labels file indexes vertices by them (results name vertices by these ids). Ids that
// never occur are not vertices (email-Enron: ids up to 148, 143 occurring), which is how the
// published node counts count them.
//
// The path may be the folder, either of the two files, or the common prefix NAME.
#include <algorithm>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "detail/parallel_lines.hpp"
#include "hypergraph_formats.hpp"

namespace plexus::io::detail {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSuffixes[] = {"-nverts.txt.gz", "-nverts.txt", "-simplices.txt.gz", "-simplices.txt"};

/// The dataset prefix of a Benson file name, or empty.
std::string benson_prefix(const std::string& name) {
  for (const std::string_view suffix : kSuffixes)
    if (name.size() > suffix.size() && name.ends_with(suffix)) return name.substr(0, name.size() - suffix.size());
  return {};
}

/// Dataset names of the -nverts files in `folder`.
std::set<std::string> datasets_in(const fs::path& folder) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with("-nverts.txt") || name.ends_with("-nverts.txt.gz")) {
      const std::string prefix = benson_prefix(name);
      if (!prefix.empty()) names.insert(prefix);
    }
  }
  return names;
}

fs::path find_member(const fs::path& prefix, std::string_view member) {
  for (const char* ext : {"", ".gz"}) {
    fs::path candidate = prefix;
    candidate += std::string(member) + ext;
    if (fs::is_regular_file(candidate)) return candidate;
  }
  throw_io_error(prefix.string() + std::string(member) + "(.gz)", "file not found (a Benson dataset needs it)");
}

fs::path dataset_prefix(const fs::path& path) {
  if (fs::is_directory(path)) {
    const std::set<std::string> names = datasets_in(path);
    if (names.empty())
      throw_io_error(path.string(),
                     "a folder, but no Benson hypergraph dataset (NAME-nverts.txt(.gz)) in it; "
                     "name a graph or hypergraph file");
    if (names.size() > 1) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw_io_error(path.string(), "several Benson datasets in this folder (" + list + "): name one");
    }
    return path / *names.begin();
  }
  const std::string prefix = benson_prefix(path.filename().string());
  return prefix.empty() ? path : path.parent_path() / prefix;
}

struct sizes_chunk {
  std::vector<edge_t> sizes;
  edge_t total = 0;
};

struct ids_chunk {
  std::vector<vertex_t> pins;
};

/// Position of the token with 0-based index `k` among the numbers of a file whose
/// non-comment lines hold numbers (error path only: a serial scan).
const char* nth_number(const text_buffer& text, std::uint64_t k) {
  const char* p = text.begin();
  const char* end = text.end();
  while (p < end) {
    const char* line_end = find_line_end(p, end);
    const char* q = skip_separators(p, line_end);
    if (q < line_end && !is_comment(*q)) {
      while (q < line_end) {
        if (k-- == 0) return q;
        while (q < line_end && !is_separator(*q)) ++q;
        q = skip_separators(q, line_end);
      }
    }
    p = line_end < end ? line_end + 1 : end;
  }
  return end;
}

}  // namespace

incidence_list parse_benson(const text_buffer& nverts, const text_buffer& simplices) {
  const auto size_chunks = parse_chunks<sizes_chunk>(
      nverts, 0, 0, [&](const char* p, const char* end, sizes_chunk& out, chunk_error& err) {
        while (p < end) {
          const char* line_end = find_line_end(p, end);
          const char* q = skip_blanks(p, line_end);
          if (q < line_end && !is_comment(*q)) {
            std::uint64_t size = 0;
            const number_status status = parse_uint(q, line_end, size);
            if (status != number_status::ok)
              return err.set(nverts.offset_of(q), describe_number_error(status, "simplex size", q, line_end));
            // A size beyond the id count cannot be satisfied; capping here also keeps the
            // running total far from overflow.
            if (size > simplices.size())
              return err.set(nverts.offset_of(q), "simplex size " + std::to_string(size) +
                                                      " exceeds what " + simplices.name() + " could hold");
            if (!at_line_end(q, line_end))
              return err.set(nverts.offset_of(q), "expected one simplex size per line");
            out.sizes.push_back(size);
            out.total += size;
          }
          p = line_end < end ? line_end + 1 : end;
        }
      });
  const auto id_chunks = parse_chunks<ids_chunk>(
      simplices, 0, 0, [&](const char* p, const char* end, ids_chunk& out, chunk_error& err) {
        while (p < end) {
          const char* line_end = find_line_end(p, end);
          const char* q = skip_separators(p, line_end);
          if (q < line_end && is_comment(*q)) q = line_end;
          while (q < line_end) {
            std::uint64_t id = 0;
            const char* token = q;
            const number_status status = parse_uint(q, line_end, id);
            if (status != number_status::ok)
              return err.set(simplices.offset_of(token), describe_number_error(status, "vertex id", token, line_end));
            if (id == 0) return err.set(simplices.offset_of(token), "vertex id 0 in a file of 1-based ids");
            if (id > max_vertices)
              return err.set(simplices.offset_of(token),
                             "vertex id " + std::to_string(id) + " exceeds the 32-bit vertex id range");
            out.pins.push_back(static_cast<vertex_t>(id - 1));
            q = skip_separators(q, line_end);
          }
          p = line_end < end ? line_end + 1 : end;
        }
      });

  std::vector<std::size_t> edge_start(size_chunks.size() + 1, 0), pin_start(id_chunks.size() + 1, 0);
  for (std::size_t c = 0; c < size_chunks.size(); ++c) edge_start[c + 1] = edge_start[c] + size_chunks[c].sizes.size();
  for (std::size_t c = 0; c < id_chunks.size(); ++c) pin_start[c + 1] = pin_start[c] + id_chunks[c].pins.size();
  const std::size_t m = edge_start.back(), num_ids = pin_start.back();
  if (m > std::numeric_limits<hyperedge_t>::max() - 1u)
    throw_parse_error(nverts.name(), 0, "more simplices than the 32-bit hyperedge id range holds");

  incidence_list out;
  out.edge_offsets.resize(m + 1);
  out.edge_offsets[0] = 0;
  edge_t total = 0;
  for (std::size_t c = 0; c < size_chunks.size(); ++c) {
    edge_t offset = total;
    for (std::size_t i = 0; i < size_chunks[c].sizes.size(); ++i) {
      offset += size_chunks[c].sizes[i];
      out.edge_offsets[edge_start[c] + i + 1] = offset;
    }
    total += size_chunks[c].total;
  }
  if (total > num_ids) {
    const auto k = static_cast<std::size_t>(
        std::upper_bound(out.edge_offsets.begin(), out.edge_offsets.end(), static_cast<edge_t>(num_ids)) -
        out.edge_offsets.begin() - 1);
    nverts.fail(nth_number(nverts, k), "simplex " + std::to_string(k + 1) + " runs past the end of " +
                                           simplices.name() + ", which holds " + std::to_string(num_ids) +
                                           " vertex ids (the sizes add up to " + std::to_string(total) + ")");
  }
  if (total < num_ids)
    simplices.fail(nth_number(simplices, total), "vertex id beyond the " + std::to_string(total) + " that " +
                                                      nverts.name() + " accounts for (this file holds " +
                                                      std::to_string(num_ids) + ")");

  out.pins.resize(num_ids);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t c = 0; c < id_chunks.size(); ++c)
    std::copy(id_chunks[c].pins.begin(), id_chunks[c].pins.end(),
              out.pins.begin() + static_cast<std::ptrdiff_t>(pin_start[c]));
  compact_pins(out, 1, simplices.name());
  return out;
}

bool looks_like_benson(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return !datasets_in(path).empty();
  if (!benson_prefix(path.filename().string()).empty()) return true;
  for (const char* member : {"-nverts.txt", "-nverts.txt.gz"}) {
    fs::path candidate = path;
    candidate += member;
    if (fs::is_regular_file(candidate, ec)) return true;
  }
  return false;
}

incidence_list read_benson(const fs::path& path, const hypergraph_read_options& options) {
  const fs::path prefix = dataset_prefix(path);
  const load_options load{options.max_inflate, options.progress};
  const text_buffer nverts = text_buffer::load(find_member(prefix, "-nverts.txt"), load);
  const text_buffer simplices = text_buffer::load(find_member(prefix, "-simplices.txt"), load);
  return parse_benson(nverts, simplices);
}

}  // namespace plexus::io::detail
