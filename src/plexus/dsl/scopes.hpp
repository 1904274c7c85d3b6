// scope_stack<T>: the names visible at a point of a DSL program, one scope per block, loop or
// function, innermost last. The checker keeps what it knows of each name, the interpreter its
// value; scope::open closes what it opened when it goes out of scope. Each scope is a hash
// table, so that a block of many declarations costs no more than its length; what a name
// binds stays where it is while names are added.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace plexus::dsl {

template <class T>
class scope_stack {
 public:
  /// Opens a scope for its own lifetime.
  class scope {
   public:
    explicit scope(scope_stack& stack) : stack_(stack) { stack_.scopes_.emplace_back(); }
    ~scope() { stack_.scopes_.pop_back(); }
    scope(const scope&) = delete;
    scope& operator=(const scope&) = delete;

   private:
    scope_stack& stack_;
  };

  /// What the innermost scope holding `name` binds it to; nullptr when none does.
  T* find(std::string_view name) {
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s)
      if (const auto found = s->find(name); found != s->end()) return &found->second;
    return nullptr;
  }
  const T* find(std::string_view name) const { return const_cast<scope_stack&>(*this).find(name); }
  /// What the innermost scope itself binds `name` to; nullptr when it does not.
  const T* find_innermost(std::string_view name) const {
    const auto found = scopes_.back().find(name);
    return found == scopes_.back().end() ? nullptr : &found->second;
  }
  /// Binds `name` in the innermost scope (a name it binds already keeps its first binding).
  void add(std::string name, T value) { scopes_.back().emplace(std::move(name), std::move(value)); }
  /// Scopes open now (a scope's names are bound at the depth it was opened to).
  std::size_t depth() const { return scopes_.size(); }

 private:
  struct name_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  };
  std::vector<std::unordered_map<std::string, T, name_hash, std::equal_to<>>> scopes_;
};

}  // namespace plexus::dsl
