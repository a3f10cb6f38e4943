#include "pagemd/core/runtime/shared_library.hpp"

#include <stdexcept>

#include <dlfcn.h>

namespace pagemd::core {

SharedLibrary::SharedLibrary(const char* soname) : soname_(soname) {
  handle_ = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) {
    const char* why = ::dlerror();
    throw std::runtime_error(soname_ + " cannot be loaded: " + (why != nullptr ? why : "dlopen failed"));
  }
}

void* SharedLibrary::address_of(const char* name) const {
  void* address = ::dlsym(handle_, name);
  if (address == nullptr) throw std::runtime_error(soname_ + " lacks " + name);
  return address;
}

}  // namespace pagemd::core
