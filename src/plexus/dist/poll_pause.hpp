// poll_pause: what a rank does between two polls of a collective it waits for.
//
// For the first 200 microseconds of a wait it yields, which returns at once on a core of its
// own and is all a collective of a few bytes needs between ranks of one host; then it sleeps,
// for 10 microseconds growing to 100, so that a long wait leaves the core to the peers it
// waits for (ranks oversubscribing the cores, as CI runs four on two). The sleeps stay short
// because a wait ends only at a poll: a sleep that grew to a millisecond would add up to a
// millisecond to every round a slower peer holds up, which BFS, SSSP and CC take hundreds of.
#pragma once

#include <algorithm>
#include <chrono>
#include <thread>

namespace plexus::dist {

class poll_pause {
 public:
  void operator()() {
    if (std::chrono::steady_clock::now() - start_ < kYielding) {
      std::this_thread::yield();
      return;
    }
    std::this_thread::sleep_for(sleep_);
    sleep_ = std::min(sleep_ * 2, kLongestSleep);
  }

 private:
  static constexpr std::chrono::microseconds kYielding{200}, kLongestSleep{100};
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::microseconds sleep_{10};
};

}  // namespace plexus::dist
