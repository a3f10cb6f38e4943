# Interface targets every project target links PRIVATE: one place for warnings and sanitizers.
add_library(pagemd_warnings INTERFACE)
add_library(pagemd::warnings ALIAS pagemd_warnings)
target_compile_options(pagemd_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough
  $<$<BOOL:${PAGEMD_WARNINGS_AS_ERRORS}>:-Werror>)
# A unity build (CMAKE_UNITY_BUILD: scripts/test.sh and the Debian package use one) includes each
# source file into a batch file, and GCC then takes every file's anonymous-namespace types for a
# header's, an ODR hazard they are not: each is still in one batch only.
if(CMAKE_UNITY_BUILD)
  target_compile_options(pagemd_warnings INTERFACE -Wno-subobject-linkage)
endif()

add_library(pagemd_options INTERFACE)
add_library(pagemd::options ALIAS pagemd_options)
if(PAGEMD_SANITIZERS)
  # GCC's flow analysis sees through the sanitizers' instrumentation poorly: with optimisation on,
  # libstdc++'s own std::regex and std::optional draw -Wmaybe-uninitialized. The dev build, which
  # has the same warnings without instrumentation, still reports real ones.
  target_compile_options(pagemd_options INTERFACE -fsanitize=${PAGEMD_SANITIZERS} -fno-omit-frame-pointer
                         -fno-sanitize-recover=all -Wno-maybe-uninitialized)
  target_link_options(pagemd_options INTERFACE -fsanitize=${PAGEMD_SANITIZERS})
endif()
