#!/usr/bin/env bash
# Replays every recording of Recordings/ with a release build of gesturectl and compares the
# output with the golden files the (debug) tests check. The tests run a debug build; the
# optimizer's code is different code, so this catches what only a release build gets wrong
# (Swift 6.3.1 once miscompiled a noncopyable struct here: release crashed, debug passed).
#
#   Tools/check-release.sh        exit 0 when every golden matches, 1 otherwise
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product gesturectl >/dev/null
bin=$(swift build -c release --show-bin-path)/gesturectl
failed=0
count=0
for recording in Recordings/public/*.evemu Recordings/synthetic/*.evemu; do
  base=${recording%.evemu}
  args=()
  [ -f "$base.args" ] && mapfile -t args <"$base.args"
  if ! cmp -s <("$bin" replay --every-frame "${args[@]}" "$recording" 2>/dev/null) \
    "$base.gestures"; then
    echo "release build: gestures differ from $base.gestures" >&2
    failed=1
  fi
  if ! cmp -s <("$bin" replay --touches --no-gestures "${args[@]}" "$recording" 2>/dev/null) \
    "$base.touches"; then
    echo "release build: touches differ from $base.touches" >&2
    failed=1
  fi
  if [ -f "$base.carousel" ] \
    && ! cmp -s <("$bin" carousel "${args[@]}" "$recording" 2>/dev/null) "$base.carousel"; then
    echo "release build: carousel differs from $base.carousel" >&2
    failed=1
  fi
  count=$((count + 1))
done
echo "release build: $count recordings checked against their golden files"
exit "$failed"
