#!/usr/bin/env bash
# Runs the whole test suite in a debug build with every exclusivity check on: a copy of the
# package with each `@exclusivity(unchecked)` removed (the attribute turns the run-time check
# off for its property in every build). See Docs/Fuzzing.md.
#
#   Tools/exclusivity-check.sh [swift test arguments…]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
copy="${EXCLUSIVITY_CHECK_DIR:-.build/exclusivity-checked}"
mkdir -p "$copy"
for item in Package.swift Sources Tests Tools Recordings Fuzz; do
  rm -rf "${copy:?}/$item"
  cp -R "$item" "$copy/$item"
done
# The attribute in code, not in comments (which name it where it is measured).
in_code() { grep -rn '@exclusivity(unchecked)' "$copy/Sources" | grep -v '^[^:]*:[0-9]*:[[:space:]]*//'; }
count=$(in_code | cut -d: -f1 | sort -u | wc -l)
if ((count > 0)); then
  in_code | cut -d: -f1 | sort -u \
    | xargs sed -i '/^[[:space:]]*\/\//! s/@exclusivity(unchecked)[[:space:]]*//g'
fi
if in_code >/dev/null; then
  echo "exclusivity-check: an @exclusivity(unchecked) is left:" >&2
  in_code >&2
  exit 1
fi
echo "exclusivity-check: removed @exclusivity(unchecked) from $count files"
cd "$copy"
swift test "$@"
