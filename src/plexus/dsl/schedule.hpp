// Schedules (GraphIt's separation of an algorithm from how it runs; design notes §3.5): a
// program labels a statement `@name`, and `--schedule name:key=value,...` tunes how the Plexus
// back end runs it, without changing what the program computes. Without a schedule every
// choice is Plexus's own.
//
//   balance=automatic|thread_mapped|warp_mapped|block_mapped|degree_bucketed|edge_balanced
//                           the load balancer of a frontier loop's push advance;
//   direction=auto|push|pull
//                           the direction of a frontier loop's rounds: auto pulls a round
//                           over a large frontier where the loop may pull (Beamer's rule),
//                           push never pulls, pull pulls every round it can;
//   frontier=sparse         the frontier's form (the only one generated yet).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "plexus/operators/direction_mode.hpp"
#include "plexus/operators/load_balance.hpp"

namespace plexus::dsl {

struct schedule_entry {
  std::optional<load_balance> balance;
  std::optional<direction_mode> direction;
};

/// Label -> what its schedule asks.
using schedule = std::map<std::string, schedule_entry>;

/// Adds "label:key=value,key=value" to `into`; throws plexus::error(invalid_argument) naming
/// what is wrong with the text.
void parse_schedule(std::string_view text, schedule& into);

}  // namespace plexus::dsl
