// plexus_mpi_load_plx GRAPH.plx [--missing-on RANK] [--status-dir DIR]: every rank of the
// job loads its part of GRAPH.plx (dist::load_plx) and prints one line of what it holds. With
// --missing-on, that rank is given a file that does not exist instead, as if the file were
// missing on its node. On failure, rank 0 prints the agreed error as the plexus command
// does ("plexus: error: ..."), once for the job, and every rank exits with status 1. With
// --status-dir, every rank writes its exit status to DIR/status.RANK before exiting, so that
// a test can see that every rank ended and how. Used by fault_missing_file.sh.
#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "plexus/dist/mpi.hpp"
#include "plexus/dist/plx_slice.hpp"

namespace {

/// Writes the rank's exit status where the test looks for it, and returns it.
int finish(const std::string& status_dir, int rank, int status) {
  if (!status_dir.empty())
    std::ofstream(std::filesystem::path(status_dir) / fmt::format("status.{}", rank)) << status << '\n';
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  plexus::dist::mpi_session session(argc, argv);
  std::string path, status_dir;
  int missing_on = -1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--missing-on") == 0 && i + 1 < argc)
      missing_on = std::stoi(argv[++i]);
    else if (std::strcmp(argv[i], "--status-dir") == 0 && i + 1 < argc)
      status_dir = argv[++i];
    else
      path = argv[i];
  }
  plexus::dist::mpi_options options;
  options.timeout = std::chrono::seconds(30);
  auto world = session.world(options);
  const int rank = world->rank();
  if (rank == missing_on) path += ".missing";
  try {
    const plexus::dist::rank_graph part = plexus::dist::load_plx(*world, path);
    std::printf("rank %d: vertices [%u, %u), %u ghosts\n", rank, part.part.first_owned(),
                part.part.first_owned() + part.part.num_owned(), part.part.num_ghosts());
  } catch (const plexus::error& e) {
    if (rank == 0) std::fprintf(stderr, "plexus: error: %s\n", e.what());
    world.reset();
    return finish(status_dir, rank, 1);
  }
  world.reset();
  return finish(status_dir, rank, 0);
}
