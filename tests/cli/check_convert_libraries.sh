#!/bin/sh
# `pagemd convert` of a PDF never opens libcurl, libidn2 or ICU's libicui18n: it fetches nothing and
# guesses no charset, and those libraries (libcurl with the 25 it links) were over a third of the
# program's start (see pagemd/core/runtime/shared_library.hpp). The dynamic loader lists every library it
# opens (LD_DEBUG=libs); poppler's must be among them, or the list says nothing.
#   check_convert_libraries.sh PAGEMD PDF
set -eu
opened=$(LD_DEBUG=libs "$1" convert "$2" 2>&1 >/dev/null | sed -n 's/.*calling init: //p')
echo "$opened" | grep -q 'libpoppler' || { echo "no libpoppler among the libraries opened:"; echo "$opened"; exit 1; }
if echo "$opened" | grep -E "libcurl|libidn2|libicui18n"; then
  echo "pagemd convert opened a library it does not need"
  exit 1
fi
