#!/usr/bin/env bash
# Remakes the libinput-record twins of the evemu recordings: for each RECORDING.evemu, the real
# `libinput record` (Debian libinput-tools) records it from a device emulated by umockdev, and
# the result must replay to exactly the gestures of the original.
#
#   Tools/make-libinput-twins.sh [RECORDING.evemu…]
#   Tools/make-libinput-twins.sh --multi
#
# With no arguments: every recording of Recordings/public and Recordings/synthetic, written to
# Recordings/libinput/{public,synthetic}/NAME.yml, then the two-device recording (--multi
# alone): a keyboard and the wetab-taps touchscreen recorded together into
# Recordings/libinput/multi/keyboard-and-wetab-taps.yml. Needs umockdev and libinput-tools; builds
# umockdev-script and gesturectl. The device plays at SPEED (default 10) times real time with
# at least 1 ms between frames (umockdev loses frames closer together); times in the file come
# from the events, so the speed does not change them. --show-keycodes keeps MSC_SCAN values
# (libinput replaces them by 30 by default, against key-logging). BIN=DIR uses the built programs in DIR
# instead of building them; OUT=DIR writes the twins under DIR instead of Recordings/libinput. Every time is played 1 s later than
# recorded: libinput record takes a first event at exactly 0.000000 (alps-semi-mt…) for "no
# start time yet" and would measure the rest from the second frame. A recording whose twin
# differs is tried once more at real time, then reported.
set -euo pipefail
cd "$(dirname "$0")/.."
speed=${SPEED:-10}
node=/dev/input/event5

out=${OUT:-Recordings/libinput}
bin=${BIN:-}
if [ -z "$bin" ]; then
  swift build --product umockdev-script >/dev/null
  swift build --product gesturectl >/dev/null
  bin=$(swift build --show-bin-path)
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# record RECORDING OUTPUT SPEED: plays RECORDING on the emulated node while libinput record
# writes OUTPUT; stops it (SIGINT, as Ctrl-C) once every event arrived or the script is over.
record() {
  local recording=$1 output=$2 pace=$3
  awk '/^E: / { split($2, time, "."); $2 = (time[1] + 1) "." time[2] } { print }' \
    "$recording" > "$scratch/later.evemu"
  "$bin/umockdev-script" "$scratch/later.evemu" -o "$scratch/dev" --node "$node" \
    --speed "$pace" --min-delay-ms 1 2>/dev/null
  local events milliseconds
  events=$(grep -c '^E:' "$recording")
  milliseconds=$(awk '$1 == "r" { total += $2 } END { print total + 0 }' "$scratch/dev.script")
  rm -f "$output"
  umockdev-run -d "$scratch/dev.umockdev" -i "$node=$scratch/dev.ioctl" \
    -s "$node=$scratch/dev.script" -- /bin/sh -c '
      libinput record --show-keycodes "$1" -o "$2" 2>/dev/null &
      pid=$!
      waited=0
      limit=$(( $4 / 100 + 50 ))
      while [ "$waited" -lt "$limit" ]; do
        sleep 0.1
        waited=$((waited + 1))
        count=$(grep -c "^    - \[" "$2" 2>/dev/null || true)
        [ "${count:-0}" -ge "$3" ] && break
      done
      kill -INT "$pid"
      wait "$pid" || true
    ' sh "$node" "$output" "$events" "$milliseconds"
}

# same RECORDING TWIN: whether both replay to the same JSON Lines (with the recording's .args).
same() {
  local recording=$1 twin=$2 args=()
  local argfile="${recording%.evemu}.args"
  [ -f "$argfile" ] && mapfile -t args < "$argfile"
  cmp -s <("$bin/gesturectl" replay --json "${args[@]}" "$recording" 2>/dev/null) \
    <("$bin/gesturectl" replay --json "${args[@]}" "$twin" 2>/dev/null)
}

# multi: a keyboard (first) and wetab-taps recorded into one file. libinput record writes a
# second device only at exit, so it is stopped after the script's time rather than by count.
multi() {
  local recording=Recordings/public/wetab-taps.evemu
  local output="$out/multi/keyboard-and-wetab-taps.yml"
  mkdir -p "$out/multi"
  awk '/^E: / { split($2, time, "."); $2 = (time[1] + 1) "." time[2] } { print }' \
    "$recording" > "$scratch/later.evemu"
  "$bin/umockdev-script" "$scratch/later.evemu" -o "$scratch/dev" --node "$node" \
    --speed "$speed" --min-delay-ms 1 2>/dev/null
  "$bin/umockdev-script" --keyboard -o "$scratch/keyboard" --node /dev/input/event4 2>/dev/null
  local milliseconds
  milliseconds=$(awk '$1 == "r" { total += $2 } END { print total + 0 }' "$scratch/dev.script")
  rm -f "$output"
  umockdev-run -d "$scratch/keyboard.umockdev" -d "$scratch/dev.umockdev" \
    -i "/dev/input/event4=$scratch/keyboard.ioctl" -i "$node=$scratch/dev.ioctl" \
    -s "$node=$scratch/dev.script" -- /bin/sh -c '
      libinput record --show-keycodes /dev/input/event4 "$1" -o "$2" 2>/dev/null &
      pid=$!
      sleep $(( $3 / 1000 + 2 ))
      kill -INT "$pid"
      wait "$pid" || true
    ' sh "$node" "$output" "$milliseconds"
  if same "$recording" "$output"; then
    echo "$output: 2 devices, the touchscreen's gestures are those of $recording"
  else
    echo "$output: DIFFERENT gestures from $recording" >&2
    failed=1
  fi
}

failed=0
if [ "${1:-}" = "--multi" ]; then
  multi
  exit "$failed"
fi
all=0
if (($# == 0)); then
  set -- Recordings/public/*.evemu Recordings/synthetic/*.evemu
  all=1
fi
for recording in "$@"; do
  folder=$(basename "$(dirname "$recording")")
  name=$(basename "$recording" .evemu)
  mkdir -p "$out/$folder"
  twin="$out/$folder/$name.yml"
  record "$recording" "$twin" "$speed"
  if ! same "$recording" "$twin"; then
    echo "$twin: differs at ${speed}x; trying at real time" >&2
    record "$recording" "$twin" 1
  fi
  if same "$recording" "$twin"; then
    echo "$twin: $(grep -c '^    - \[' "$twin") events, same gestures as $recording"
  else
    echo "$twin: DIFFERENT gestures from $recording" >&2
    failed=1
  fi
done
if ((all)); then multi; fi
exit "$failed"
