#!/bin/bash
# Print the version of the installed kernel tarball (e.g. 6.1.192-3).
. "$(dirname "$0")/lib.sh"
[ -r "$DLCAP_TARBALL" ] || exit 0
tarball_version
