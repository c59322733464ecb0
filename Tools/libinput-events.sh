#!/usr/bin/env bash
# Plays an evemu recording (a captured uinput clone, Tools/umockdev-uinput.py) as an emulated
# device into the real libinput (`libinput debug-events --device`, Debian libinput-tools) and
# prints libinput's events: how a compositor would see the stream (TOUCH_DOWN, TOUCH_MOTION,
# TOUCH_UP, TOUCH_CANCEL, TOUCH_FRAME).
#
#   Tools/libinput-events.sh RECORDING.evemu [SECONDS]
#
# Needs umockdev, libinput-tools, util-linux's unshare, cc (or the toolchain's clang) and a built umockdev-script
# (BIN=DIR names the directory of the built programs; default: swift build --show-bin-path).
# libinput wants two things an emulated node lacks, provided here for the run only:
# - udev's database entry for the node (ID_INPUT_TOUCHSCREEN): written into a private /run (a
#   mount namespace: `unshare -m` as root, else `unshare -rm`);
# - the node's device number from fstat() on the opened descriptor (umockdev serves the node
#   through a pty and reports it only for stat() on the path; libinput compares the two and
#   refuses the device): Tools/lisgd-oracle/fixrdev.c, preloaded.
# The device plays at real speed with at least 1 ms between frames; libinput runs SECONDS
# (default: the recording's length plus 2 s) and is then stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
recording=$1
node=/dev/input/event5
bin=${BIN:-$(swift build --show-bin-path)}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
compiler=$(command -v cc || command -v clang)
"$compiler" -shared -fPIC -o "$scratch/fixrdev.so" Tools/lisgd-oracle/fixrdev.c -ldl
"$bin/umockdev-script" "$recording" -o "$scratch/dev" --node "$node" --speed 1 \
  --min-delay-ms 1 > /dev/null
milliseconds=$(awk '$1 == "r" { total += $2 } END { print total + 0 }' "$scratch/dev.script")
seconds=${2:-$((milliseconds / 1000 + 2))}
cat > "$scratch/inside.sh" <<'INSIDE'
#!/bin/sh
scratch=$1 node=$2 seconds=$3
mount -t tmpfs tmpfs /run && mkdir -p /run/udev/data || exit 1
printf 'I:1\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n' > /run/udev/data/c13:69
exec umockdev-run -d "$scratch/dev.umockdev" -i "$node=$scratch/dev.ioctl" \
  -s "$node=$scratch/dev.script" -- sh -c '
    FIXRDEV_DEV=13:69 LD_PRELOAD="$1${LD_PRELOAD:+:$LD_PRELOAD}" \
      exec timeout -s INT "$2" libinput debug-events --device "$3"' sh \
  "$scratch/fixrdev.so" "$seconds" "$node"
INSIDE
chmod +x "$scratch/inside.sh"
if [ "$(id -u)" -eq 0 ]; then namespace=(unshare -m); else namespace=(unshare -rm); fi
"${namespace[@]}" "$scratch/inside.sh" "$scratch" "$node" "$seconds" || [ $? -eq 124 ] || [ $? -eq 130 ]
