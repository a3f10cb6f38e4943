# Every external package the project uses, with the minimum version checked on Debian 12
# (DEPENDENCIES.md in the shared design folder lists the traps).
find_package(Boost 1.81 CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json 3.11 CONFIG REQUIRED)
find_package(SQLiteCpp CONFIG REQUIRED)
find_package(spdlog CONFIG REQUIRED)
find_package(CURL 7.88 REQUIRED)
# libcurl is opened when a fetch first needs it (lib/fetch/src/curl_handle.cpp), not linked: only its
# headers are built against. The package depends on the soname by name (debian/control).
add_library(pagemd_curl_headers INTERFACE)
add_library(pagemd::curl_headers ALIAS pagemd_curl_headers)
target_include_directories(pagemd_curl_headers INTERFACE ${CURL_INCLUDE_DIRS})
# Sitemaps and feeds (lib/discover): expat parses them; zlib (below) inflates gzipped sitemaps.
find_package(EXPAT 2.5 REQUIRED)
find_package(OpenSSL 3.0 REQUIRED)
find_package(tomlplusplus CONFIG REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(SYSTEMD REQUIRED IMPORTED_TARGET libsystemd)
# IDN host names to punycode without depending on the process locale (as libcurl's own conversion does).
pkg_check_modules(IDN2 REQUIRED IMPORTED_TARGET libidn2>=2.3)
# Languages and encodings: ICU's word boundaries (dictionaries for Chinese, Japanese, Thai, Lao, Khmer
# and Burmese) and charset detector, uchardet for pages that do not declare their encoding, CLD2 for the
# language of the text.
find_package(ICU 72 COMPONENTS uc i18n REQUIRED)
pkg_check_modules(UCHARDET REQUIRED IMPORTED_TARGET uchardet>=0.0.7)
# CLD2 has no CMake or pkg-config file. Its functions are in libcld2; libcld2_full holds the full
# tables (160 languages). Nothing names a symbol of the latter, so it is linked with --no-as-needed and
# before libcld2: with libcld2's small tables alone, many languages (Latin, Maori, Zulu...) read as English.
find_path(CLD2_INCLUDE_DIR cld2/public/compact_lang_det.h REQUIRED)
find_library(CLD2_LIBRARY cld2 REQUIRED)
find_library(CLD2_FULL_LIBRARY cld2_full REQUIRED)
add_library(pagemd_cld2 INTERFACE)
target_include_directories(pagemd_cld2 SYSTEM INTERFACE ${CLD2_INCLUDE_DIR})
target_link_libraries(pagemd_cld2 INTERFACE "-Wl,--push-state,--no-as-needed" ${CLD2_FULL_LIBRARY} "-Wl,--pop-state"
                      ${CLD2_LIBRARY})
add_library(pagemd::cld2 ALIAS pagemd_cld2)
# PDFs: poppler's GLib binding, the one that gives per-character fonts (headings, code, emphasis) and
# link annotations; the C++ binding has no links (README's Dependencies section says more).
pkg_check_modules(POPPLER_GLIB REQUIRED IMPORTED_TARGET poppler-glib>=22.02)
# Where poppler reads poppler-data's CMaps from: the one directory a jailed converter may read.
pkg_get_variable(POPPLER_DATA_DIR poppler-data poppler_datadir)
if(NOT POPPLER_DATA_DIR)
  set(POPPLER_DATA_DIR /usr/share/poppler)
endif()
# zlib inflates a PDF's streams once, counting, before poppler does (a bound on compression bombs),
# and gzipped sitemaps; the fetch tests also build their gzip and deflate bombs with it.
find_package(ZLIB REQUIRED)
# The converter worker's system-call filter.
pkg_check_modules(SECCOMP REQUIRED IMPORTED_TARGET libseccomp>=2.5)
# The shared store of several nodes (lib/store/src/postgres): PostgreSQL's C client.
pkg_check_modules(LIBPQ REQUIRED IMPORTED_TARGET libpq>=15)
# The daemon's allocator. Its requests allocate on the I/O threads and free on the request threads
# and back; glibc's malloc spent about a fifth of the CPU time of a cached extract on that (the load
# bench). Sanitizer builds keep the C library's malloc, which the sanitizers replace with their own.
if(NOT PAGEMD_SANITIZERS)
  pkg_check_modules(JEMALLOC REQUIRED IMPORTED_TARGET jemalloc>=5.3)
endif()
if(PAGEMD_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
  # The fetch tests build gzip, deflate and brotli bombs (zstd frames are written by hand) with the
  # zlib found above.
  pkg_check_modules(BROTLIENC REQUIRED IMPORTED_TARGET libbrotlienc)
  # A reference HTML parser for tests/extract only (the prepass's depth bounds and the parser's
  # trees on real pages); pagemd parses with its own (lib/extract/src/parse).
  pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo>=0.10)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)  # the man page and install checks
endif()
