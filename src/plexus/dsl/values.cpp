// The interpreter's values and their arithmetic; see values.hpp.
#include "plexus/dsl/values.hpp"

#include <cmath>
#include <limits>

#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"

namespace plexus::dsl {

double scalar::as_double() const {
  if (kind == value_kind::infinity)
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (kind == value_kind::float_ || kind == value_kind::double_) return floating;
  if (kind == value_kind::bool_) return boolean ? 1 : 0;
  return static_cast<double>(integer);
}

bool is_floating(value_kind k) { return k == value_kind::float_ || k == value_kind::double_; }

namespace {

/// `d` truncated to an integer in [least, most], saturated at the bounds (NaN: 0). The bounds
/// are compared as doubles, which hold every int32 exactly and the int64 bounds as ±2^63.
std::int64_t saturated(double d, std::int64_t least, std::int64_t most) {
  if (std::isnan(d)) return 0;
  if (d <= static_cast<double>(least)) return least;
  if (d >= static_cast<double>(most)) return most;
  return static_cast<std::int64_t>(d);
}

/// Two's complement arithmetic on 64 bits: unsigned arithmetic is modular, and the conversion
/// back to a signed value is too (C++20).
std::int64_t wrapped(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}

}  // namespace

scalar convert(const scalar& v, value_kind to) {
  if (to == value_kind::invalid || to == value_kind::infinity || to == value_kind::nothing) return v;
  if (to == value_kind::bool_) return scalar::of_bool(v.kind == value_kind::bool_ ? v.boolean : v.as_double() != 0);
  if (is_floating(to)) {
    double d = v.as_double();
    if (to == value_kind::float_) d = static_cast<float>(d);
    return scalar::of_double(d, to);
  }
  if (v.kind == value_kind::infinity) {
    std::int64_t most = std::numeric_limits<std::int32_t>::max(), least = std::numeric_limits<std::int32_t>::min();
    if (to == value_kind::long_ || to == value_kind::edge) {
      most = std::numeric_limits<std::int64_t>::max();
      least = std::numeric_limits<std::int64_t>::min();
    } else if (to == value_kind::node) {
      most = invalid_vertex;
      least = 0;
    }
    return scalar::of_int(v.negative ? least : most, to);
  }
  if (is_floating(v.kind)) {
    const bool narrow = to == value_kind::int_;
    return scalar::of_int(
        saturated(
            v.floating,
            narrow ? std::numeric_limits<std::int32_t>::min() : std::numeric_limits<std::int64_t>::min(),
            narrow ? std::numeric_limits<std::int32_t>::max() : std::numeric_limits<std::int64_t>::max()),
        to);
  }
  const std::int64_t i = v.integer;
  return scalar::of_int(to == value_kind::int_ ? static_cast<std::int32_t>(i) : i, to);
}

bool less(const scalar& a, const scalar& b) {
  if (a.kind == value_kind::infinity || b.kind == value_kind::infinity || is_floating(a.kind) || is_floating(b.kind))
    return a.as_double() < b.as_double();
  return a.integer < b.integer;
}

void settle_infinity(scalar& a, scalar& b) {
  if (a.kind == value_kind::infinity && b.kind != value_kind::infinity) a = convert(a, b.kind);
  if (b.kind == value_kind::infinity && a.kind != value_kind::infinity) b = convert(b, a.kind);
}

scalar arithmetic(const std::string& op, scalar a, scalar b) {
  settle_infinity(a, b);
  if (is_floating(a.kind) || is_floating(b.kind) || a.kind == value_kind::infinity) {
    const value_kind k = a.kind == value_kind::double_ || b.kind == value_kind::double_ ? value_kind::double_
                                                                                         : value_kind::float_;
    const double x = a.as_double(), y = b.as_double();
    const double r = op == "+" ? x + y : op == "-" ? x - y : op == "*" ? x * y : x / y;
    return scalar::of_double(k == value_kind::float_ ? static_cast<float>(r) : r, k);
  }
  const value_kind k = a.kind == value_kind::long_ || b.kind == value_kind::long_ || a.kind == value_kind::edge
                           ? value_kind::long_
                           : value_kind::int_;
  const std::int64_t x = a.integer, y = b.integer;
  const auto ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
  if (op == "+") return scalar::of_int(wrapped(ux + uy), k);
  if (op == "-") return scalar::of_int(wrapped(ux - uy), k);
  if (op == "*") return scalar::of_int(wrapped(ux * uy), k);
  const bool quotient = op == "/";
  if (y == 0)
    throw error(error_kind::parse,
                quotient ? "integer division by zero" : "remainder of an integer division by zero");
  if (y == -1) return scalar::of_int(quotient ? wrapped(0 - ux) : 0, k);  // INT64_MIN / -1 overflows
  return scalar::of_int(quotient ? x / y : x % y, k);
}

scalar negated(const scalar& v) {
  scalar n = v;
  if (v.kind == value_kind::infinity)
    n.negative = !v.negative;
  else if (is_floating(v.kind))
    n.floating = -v.floating;
  else
    n.integer = wrapped(0 - static_cast<std::uint64_t>(v.integer));
  return n;
}

}  // namespace plexus::dsl
