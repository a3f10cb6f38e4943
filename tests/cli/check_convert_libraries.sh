#!/bin/sh
# `pagemd convert` of a PDF never opens libcurl: it fetches nothing, and libcurl with what it links is
# a third of the program's start (see lib/fetch's curl_handle.hpp). The dynamic loader lists every
# library it opens (LD_DEBUG=libs); poppler's must be among them, or the list says nothing.
#   check_convert_libraries.sh PAGEMD PDF
set -eu
opened=$(LD_DEBUG=libs "$1" convert "$2" 2>&1 >/dev/null | sed -n 's/.*calling init: //p')
echo "$opened" | grep -q 'libpoppler' || { echo "no libpoppler among the libraries opened:"; echo "$opened"; exit 1; }
if echo "$opened" | grep 'libcurl'; then
  echo "pagemd convert opened libcurl"
  exit 1
fi
