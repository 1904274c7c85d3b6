// host_vector<T>: std::vector whose resize() leaves trivial elements uninitialized.
//
// Graph arrays are filled in parallel right after allocation; value-initialising them first
// would be a serial pass over gigabytes, and would place every page on the first NUMA node.
#pragma once

#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace plexus {

template <class T, class Base = std::allocator<T>>
class default_init_allocator : public Base {
  using traits = std::allocator_traits<Base>;

 public:
  template <class U>
  struct rebind {
    using other = default_init_allocator<U, typename traits::template rebind_alloc<U>>;
  };
  using Base::Base;

  template <class U>
  void construct(U* ptr) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(ptr)) U;  // default-, not value-, initialise
  }
  template <class U, class... Args>
  void construct(U* ptr, Args&&... args) {
    traits::construct(static_cast<Base&>(*this), ptr, std::forward<Args>(args)...);
  }
};

template <class T>
using host_vector = std::vector<T, default_init_allocator<T>>;

}  // namespace plexus
