// Text from an input shown on a terminal: whatever bytes a message quotes (a file name, a
// line of a program, a token), it prints as one line of plain characters.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace plexus {

/// `text` with control characters and bytes that are not valid UTF-8 written as \xHH (and a
/// backslash as \\), so that a message quoting an input file cannot garble the terminal or
/// break the one-line rule of error messages.
std::string escape_for_terminal(std::string_view text);

/// The columns `escaped` (a result of escape_for_terminal) takes on a terminal: one per
/// character, a UTF-8 sequence counting as one.
std::size_t terminal_columns(std::string_view escaped);

}  // namespace plexus
