// The values a DSL program computes with, as the interpreter (interpreter.hpp) holds them,
// and the arithmetic and comparisons on them, with C's conversions where C defines them and
// a defined result where it does not: integer arithmetic wraps around (two's complement, in
// 64 bits), INT64_MIN / -1 is INT64_MIN (and its remainder 0), a floating value converts to
// an integer type by truncation saturated at the type's bounds (NaN to 0). Nothing here is
// undefined behaviour or raises a signal; an integer division by zero is an error.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/dsl/types.hpp"

namespace plexus::dsl {

/// One value: a number (integer kinds in `integer`, floating kinds in `floating`), a bool, a
/// node or edge id (in `integer`), or INF.
struct scalar {
  value_kind kind = value_kind::int_;
  std::int64_t integer = 0;
  double floating = 0;
  bool boolean = false;
  bool negative = false;  // of INF

  static scalar of_int(std::int64_t v, value_kind k = value_kind::int_) { return {k, v, 0, false, false}; }
  static scalar of_double(double v, value_kind k = value_kind::double_) { return {k, 0, v, false, false}; }
  static scalar of_bool(bool v) { return {value_kind::bool_, 0, 0, v, false}; }
  /// The value as a double (INF: infinity).
  double as_double() const;
};

/// float and double.
bool is_floating(value_kind k);
/// `v` as a value of kind `to`: INF becomes that kind's largest (or lowest) value, integers
/// convert as C converts them (an int keeps the low 32 bits), a floating value truncates and
/// saturates at the bounds of an integer kind (NaN: 0), a float rounds to float.
scalar convert(const scalar& v, value_kind to);
/// a < b, INF included (compared as doubles when either is floating or INF).
bool less(const scalar& a, const scalar& b);
/// INF against a value of another kind takes that kind.
void settle_infinity(scalar& a, scalar& b);
/// a op b for op one of + - * / %: floating if either is, else 64-bit integers, wrapping
/// around, kept as int unless either is long; throws plexus::error(parse) on an integer
/// division (or remainder) by 0.
scalar arithmetic(const std::string& op, scalar a, scalar b);
/// -v: INF becomes -INF, integers wrap around (-INT64_MIN is INT64_MIN).
scalar negated(const scalar& v);

}  // namespace plexus::dsl
