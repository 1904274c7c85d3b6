// The "Label: value" lines every command prints (GAPBS style, one fact per line, grep-able):
// one label column for all of them, so that the values of a report start at the same column
// whichever part of the tool printed them, and durations written one way (seconds_text,
// cli/run_report.hpp: "0.01234 s").
#pragma once

#include <cstdio>
#include <string_view>

namespace plexus::cli {

/// Characters before a value: the label, its colon and at least one space. The longest label
/// printed is bench's "Trial Vertex Phase Time" (23 characters).
inline constexpr int kLabelColumn = 25;

/// Prints "Label:" padded to kLabelColumn, then `value`, on one line; nothing when `to` is null.
void print_line(std::FILE* to, std::string_view label, std::string_view value);

}  // namespace plexus::cli
