#!/bin/sh
# Sources a generated bash completion and checks what it offers at a few points of a command line.
# Usage: check_bash_completion.sh COMPLETION_FILE
exec bash -c '
source "$1" || exit 1
failed=0
expect() {
  local want=$1; shift
  COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
  _pagemd
  if [[ "${COMPREPLY[*]}" != "$want" ]]; then
    echo "completing [$*]: got [${COMPREPLY[*]}], want [$want]"; failed=1
  fi
}
expect "extract usage keys convert batch discover crawl mcp completion" pagemd ""
expect "keys" pagemd ke
expect "create list revoke" pagemd keys ""
expect "--help --json" pagemd keys list --
expect "bash zsh fish" pagemd completion ""
expect "zsh" pagemd completion z
expect "extract" pagemd --server http://x/api/v1 ex
expect "--force" pagemd batch --f
expect "" pagemd batch --jobs ""
exit $failed
' sh "$1"
