// Unsigned options take non-negative decimal integers only. CLI11 (2.1) reads them with
// strtoull, which turns "-1" into 18446744073709551615 and a number past 2^64 into the same
// saturated value without a word, so `-s -1` asked for vertex 18446744073709551615 and
// `--seed 99999999999999999999` ran with another seed than the one written.
#pragma once

#include <CLI/CLI.hpp>

namespace plexus::cli {

/// Adds to every option of `app` and its subcommands whose type CLI11 names "UINT" a check that
/// refuses a sign, anything but decimal digits, and values past 2^64 - 1, worded by
/// parse_errors.hpp as "--source must be a non-negative integer (got -1)". Narrower unsigned
/// types are range-checked by CLI11's conversion itself.
void refuse_wrapping_unsigned_values(CLI::App& app);

}  // namespace plexus::cli
