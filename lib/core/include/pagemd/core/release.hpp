#pragma once

#include <utility>

namespace pagemd::core {

// Frees what a container holds now. Assigning an empty one does not: libstdc++'s std::string keeps
// its buffer when assigned a short string, and clear() keeps the capacity of every container.
template <typename Container>
void release(Container& container) noexcept {
  Container().swap(container);
}

}  // namespace pagemd::core
