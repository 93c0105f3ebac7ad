#!/bin/bash
# Print the cache folder (DLCAP_CACHE, else $XDG_CACHE_HOME/dlcap or ~/.cache/dlcap).
. "$(dirname "$0")/lib.sh"
echo "$DLCAP_CACHE"
