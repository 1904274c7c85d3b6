// NCCL, loaded at run time, behind gpu_collectives<exec::cuda> (collectives.hpp).
#include "plexus/backends/cuda/collectives.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <nccl.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"

namespace plexus::backends {

namespace {

using collectives = gpu_collectives<exec::cuda>;

/// Non-blocking communicators came with NCCL 2.14.
constexpr int kOldestVersion = NCCL_VERSION(2, 14, 0);

/// NCCL's functions, looked up by name in the loaded library; the declarations of nccl.h give
/// each its type.
struct nccl_library {
  std::string origin;
  int version = 0;
  decltype(&ncclGetVersion) get_version = nullptr;
  decltype(&ncclGetErrorString) error_string = nullptr;
  decltype(&ncclGetLastError) last_error = nullptr;
  decltype(&ncclGetUniqueId) get_unique_id = nullptr;
  decltype(&ncclCommInitRankConfig) init_rank_config = nullptr;
  decltype(&ncclCommGetAsyncError) get_async_error = nullptr;
  decltype(&ncclCommFinalize) finalize = nullptr;
  decltype(&ncclCommDestroy) destroy = nullptr;
  decltype(&ncclCommAbort) abort = nullptr;
  decltype(&ncclAllReduce) all_reduce = nullptr;
  decltype(&ncclAllGather) all_gather = nullptr;
  decltype(&ncclBroadcast) broadcast = nullptr;
  decltype(&ncclGroupStart) group_start = nullptr;
  decltype(&ncclGroupEnd) group_end = nullptr;
  decltype(&ncclSend) send = nullptr;
  decltype(&ncclRecv) receive = nullptr;
};

/// The places libnccl.so.2 is looked for, in order, each with a phrase for the error message.
std::vector<std::pair<std::string, std::string>> library_candidates() {
  std::vector<std::pair<std::string, std::string>> candidates;
  if (const char* named = std::getenv("PLEXUS_NCCL_LIBRARY"); named != nullptr && *named != '\0')
    return {{named, "PLEXUS_NCCL_LIBRARY"}};
  candidates.emplace_back("libnccl.so.2", "the loader's path");
#ifdef PLEXUS_NCCL_BUILD_LIBRARY
  candidates.emplace_back(PLEXUS_NCCL_BUILD_LIBRARY, "the build's");
#endif
  return candidates;
}

template <class Function>
void look_up(void* handle, const char* name, Function& function, const std::string& origin) {
  function = reinterpret_cast<Function>(dlsym(handle, name));
  if (function == nullptr)
    throw error(error_kind::unsupported,
                fmt::format("NCCL at {} has no function {}: it is not a NCCL 2 library", origin, name));
}

nccl_library open_library() {
  void* handle = nullptr;
  std::string origin, tried;
  for (const auto& [path, phrase] : library_candidates()) {
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr) {
      origin = path;
      break;
    }
    const char* why = dlerror();
    tried +=
        fmt::format("{}{} ({}): {}", tried.empty() ? "" : "; ", path, phrase, why ? why : "not loadable");
  }
  if (handle == nullptr)
    throw error(error_kind::unsupported,
                fmt::format("NCCL not found: {}; set PLEXUS_NCCL_LIBRARY to the path of libnccl.so.2 (pip's "
                            "nvidia-nccl package: site-packages/nvidia/nccl/lib/libnccl.so.2)",
                            tried));
  // The handle stays open for the life of the process: communicators may be aborted as late
  // as the process's exit.
  nccl_library nccl;
  nccl.origin = origin;
  look_up(handle, "ncclGetVersion", nccl.get_version, origin);
  look_up(handle, "ncclGetErrorString", nccl.error_string, origin);
  look_up(handle, "ncclGetLastError", nccl.last_error, origin);
  look_up(handle, "ncclGetUniqueId", nccl.get_unique_id, origin);
  look_up(handle, "ncclCommInitRankConfig", nccl.init_rank_config, origin);
  look_up(handle, "ncclCommGetAsyncError", nccl.get_async_error, origin);
  look_up(handle, "ncclCommFinalize", nccl.finalize, origin);
  look_up(handle, "ncclCommDestroy", nccl.destroy, origin);
  look_up(handle, "ncclCommAbort", nccl.abort, origin);
  look_up(handle, "ncclAllReduce", nccl.all_reduce, origin);
  look_up(handle, "ncclAllGather", nccl.all_gather, origin);
  look_up(handle, "ncclBroadcast", nccl.broadcast, origin);
  look_up(handle, "ncclGroupStart", nccl.group_start, origin);
  look_up(handle, "ncclGroupEnd", nccl.group_end, origin);
  look_up(handle, "ncclSend", nccl.send, origin);
  look_up(handle, "ncclRecv", nccl.receive, origin);
  if (nccl.get_version(&nccl.version) != ncclSuccess || nccl.version < kOldestVersion)
    throw error(error_kind::unsupported,
                fmt::format("NCCL at {} is version code {}, older than 2.14, which Plexus's non-blocking "
                            "communicators need; set PLEXUS_NCCL_LIBRARY to a newer libnccl.so.2",
                            origin, nccl.version));
  return nccl;
}

/// The library, loaded by the first call; a failed load is retried by the next.
const nccl_library& nccl() {
  static const nccl_library library = open_library();
  return library;
}

/// Throws plexus::error(device) for a call that failed; ncclInProgress is not a failure (the
/// caller polls the communicator's state).
void check(ncclResult_t result, const char* call) {
  if (result == ncclSuccess || result == ncclInProgress) return;
  const char* detail = nccl().last_error(nullptr);
  throw error(error_kind::device, fmt::format("{} failed: {}{}{}", call, nccl().error_string(result),
                                              detail && *detail ? ": " : "", detail ? detail : ""));
}

ncclDataType_t nccl_type(collective_type type) {
  switch (type) {
    case collective_type::u8:
      return ncclUint8;
    case collective_type::i32:
      return ncclInt32;
    case collective_type::u32:
      return ncclUint32;
    case collective_type::i64:
      return ncclInt64;
    case collective_type::u64:
      return ncclUint64;
    case collective_type::f32:
      return ncclFloat32;
    case collective_type::f64:
      return ncclFloat64;
  }
  throw error(error_kind::internal, "gpu_collectives: unknown element type");
}

ncclRedOp_t nccl_op(collective_op op) {
  switch (op) {
    case collective_op::sum:
      return ncclSum;
    case collective_op::min:
      return ncclMin;
    case collective_op::max:
      return ncclMax;
  }
  throw error(error_kind::internal, "gpu_collectives: unknown reduction");
}

}  // namespace

void collectives::load() {
  nccl();
}

std::string collectives::version() {
  const int code = nccl().version;
  // NCCL_VERSION's two encodings: 1000·major + 100·minor + patch up to 2.8, then
  // 10000·major + 100·minor + patch.
  const bool wide = code >= 10000;
  const int major = wide ? code / 10000 : code / 1000;
  const int minor = wide ? code / 100 % 100 : code / 100 % 10;
  return fmt::format("NCCL {}.{}.{} ({})", major, minor, code % 100, nccl().origin);
}

collectives::unique_id collectives::create_id() {
  ncclUniqueId id{};
  check(nccl().get_unique_id(&id), "ncclGetUniqueId");
  unique_id out{};
  static_assert(sizeof(id.internal) == std::tuple_size_v<unique_id>);
  std::memcpy(out.data(), id.internal, out.size());
  return out;
}

collectives::comm_type collectives::join(const unique_id& id, int ranks, int rank) {
  ncclUniqueId nccl_id{};
  std::memcpy(nccl_id.internal, id.data(), id.size());
  ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
  config.blocking = 0;
  ncclComm_t comm = nullptr;
  check(nccl().init_rank_config(&comm, ranks, nccl_id, rank, &config), "ncclCommInitRankConfig");
  return comm;
}

collective_state collectives::state(comm_type comm, std::string& why) {
  ncclResult_t async = ncclSuccess;
  const ncclResult_t result = nccl().get_async_error(comm, &async);
  if (result != ncclSuccess) async = result;
  if (async == ncclSuccess) return collective_state::done;
  if (async == ncclInProgress) return collective_state::in_progress;
  const char* detail = nccl().last_error(comm);
  why =
      fmt::format("{}{}{}", nccl().error_string(async), detail && *detail ? ": " : "", detail ? detail : "");
  return collective_state::failed;
}

void collectives::all_reduce(const void* in, void* out, std::size_t count, collective_type type,
                             collective_op op, comm_type comm, stream_type stream) {
  check(nccl().all_reduce(in, out, count, nccl_type(type), nccl_op(op), comm, stream), "ncclAllReduce");
}

void collectives::all_gather(const void* in, void* out, std::size_t bytes, comm_type comm,
                             stream_type stream) {
  check(nccl().all_gather(in, out, bytes, ncclUint8, comm, stream), "ncclAllGather");
}

void collectives::broadcast(const void* in, void* out, std::size_t bytes, int root, comm_type comm,
                            stream_type stream) {
  check(nccl().broadcast(in, out, bytes, ncclUint8, root, comm, stream), "ncclBroadcast");
}

void collectives::group_start() {
  check(nccl().group_start(), "ncclGroupStart");
}

void collectives::group_end() {
  check(nccl().group_end(), "ncclGroupEnd");
}

void collectives::send(const void* data, std::size_t bytes, int peer, comm_type comm, stream_type stream) {
  check(nccl().send(data, bytes, ncclUint8, peer, comm, stream), "ncclSend");
}

void collectives::receive(void* data, std::size_t bytes, int peer, comm_type comm, stream_type stream) {
  check(nccl().receive(data, bytes, ncclUint8, peer, comm, stream), "ncclRecv");
}

void collectives::finalize(comm_type comm) {
  check(nccl().finalize(comm), "ncclCommFinalize");
}

void collectives::destroy(comm_type comm) noexcept {
  static_cast<void>(nccl().destroy(comm));
}

void collectives::abort(comm_type comm) noexcept {
  static_cast<void>(nccl().abort(comm));
}

}  // namespace plexus::backends
