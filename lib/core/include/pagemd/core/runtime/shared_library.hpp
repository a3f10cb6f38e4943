#pragma once

// (runtime/: what the process loads or asks of the system as it runs.)
//
// A library opened when it is first needed (dlopen) rather than linked: a dependency that only some
// runs use (libcurl for fetching, ICU's charset detector, libidn2) need not be loaded, relocated and
// initialised by every start of `pagemd`, most of whose runs convert a file and exit. A program that
// opens one must name its package among its dependencies by hand: a packager's tools see only what is
// linked (debian/control; scripts/build-deb.sh checks).

#include <string>

namespace pagemd::core {

class SharedLibrary {
 public:
  // Opens `soname` (e.g. "libcurl.so.4"), resolving all its symbols now; it stays open for the life
  // of the process. Throws std::runtime_error with the loader's reason when it cannot be opened.
  explicit SharedLibrary(const char* soname);

  // Sets `function` to the library's function `name`, of the type the caller declares it with (the
  // type of the library's own declaration: decltype(&::name)). Throws std::runtime_error when the
  // library lacks it.
  template <typename Function>
  void find(const char* name, Function& function) const {
    function = reinterpret_cast<Function>(address_of(name));
  }

 private:
  void* address_of(const char* name) const;

  std::string soname_;
  void* handle_ = nullptr;
};

}  // namespace pagemd::core
