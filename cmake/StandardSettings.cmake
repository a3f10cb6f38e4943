# Interface targets every project target links PRIVATE: one place for warnings and sanitizers.
add_library(pagemd_warnings INTERFACE)
add_library(pagemd::warnings ALIAS pagemd_warnings)
target_compile_options(pagemd_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough
  $<$<BOOL:${PAGEMD_WARNINGS_AS_ERRORS}>:-Werror>)

add_library(pagemd_options INTERFACE)
add_library(pagemd::options ALIAS pagemd_options)
if(PAGEMD_SANITIZERS)
  target_compile_options(pagemd_options INTERFACE -fsanitize=${PAGEMD_SANITIZERS} -fno-omit-frame-pointer
                         -fno-sanitize-recover=all)
  target_link_options(pagemd_options INTERFACE -fsanitize=${PAGEMD_SANITIZERS})
endif()
