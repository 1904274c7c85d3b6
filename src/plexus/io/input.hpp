// Inputs read whole into memory: a file, standard input ("-") or a pipe, gzip inflated
// within a limit, a UTF-8 byte-order mark skipped (details in detail/text_buffer.hpp).
//
// The readers take a path and load it themselves; a caller that must look at an input
// before choosing a reader (the command line, for standard input and pipes, which can be
// read only once) loads it with input_text::load and hands the text to the readers'
// overloads that take an input_text.
#pragma once

#include "plexus/io/detail/text_buffer.hpp"

namespace plexus::io {

using input_text = detail::text_buffer;
using input_load_options = detail::load_options;
using detail::input_name;
using detail::is_stream;

}  // namespace plexus::io
