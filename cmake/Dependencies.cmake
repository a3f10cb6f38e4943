# Every external package the project uses, with the minimum version checked on Debian 12.
find_package(Boost 1.81 CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json 3.11 CONFIG REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo>=0.10)
if(PAGEMD_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
endif()
