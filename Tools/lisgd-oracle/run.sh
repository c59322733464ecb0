#!/bin/bash
# Asks Debian's lisgd (0.3.7) what sxmo's stock gestures fire for each recording of
# Recordings/sxmo, and writes the answers as Recordings/sxmo/NAME.lisgd (one fired
# sxmo_hook_inputhandler.sh argument a line, in order). See Recordings/sxmo/README.md.
#
# Needs: lisgd, umockdev, gcc, a built umockdev-script (swift build --product umockdev-script),
# and root (libinput only takes a udev device whose database entry exists: the script writes
# /run/udev/data/c13:81 for the emulated /dev/input/event17, and removes it afterwards).
#
# usage: Tools/lisgd-oracle/run.sh [NAME]...
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d)
db=/run/udev/data/c13:81
cleanup() { rm -rf "$work"; rm -f "$db"; }
trap cleanup EXIT
gcc -shared -fPIC -O1 -o "$work/fixrdev.so" Tools/lisgd-oracle/fixrdev.c -ldl
mkdir -p "$work/bin" /run/udev/data
printf '#!/bin/sh\necho "$1" >> "$OUT"\n' > "$work/bin/sxmo_hook_inputhandler.sh"
chmod +x "$work/bin/sxmo_hook_inputhandler.sh"
printf 'I:1000\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n' > "$db"
specs=()
while IFS= read -r line; do
  case "$line" in \#* | "") ;; *) specs+=(-g "$line") ;; esac
done < Recordings/sxmo/sxmo-lisgd-gestures.txt
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for file in Recordings/sxmo/*.evemu; do names+=("$(basename "$file" .evemu)"); done
fi
for name in "${names[@]}"; do
  recording=Recordings/sxmo/$name.evemu
  .build/debug/umockdev-script "$recording" -o "$work/dev" --node /dev/input/event17 \
    --speed 1 > /dev/null
  # The recording's length, plus 3 s.
  seconds=$(awk '/^E: /{t=$2} END{printf "%d", t + 3}' "$recording")
  : > "$work/out"
  OUT=$work/out PATH=$work/bin:$PATH umockdev-run -d "$work/dev.umockdev" \
    -i "/dev/input/event17=$work/dev.ioctl" -s "/dev/input/event17=$work/dev.script" -- \
    sh -c 'seconds=$1; shift; LD_PRELOAD="$0:$LD_PRELOAD" FIXRDEV_DEV=13:81 \
      exec timeout "$seconds" lisgd -d /dev/input/event17 -w 720 -h 1440 "$@"' \
    "$work/fixrdev.so" "$seconds" \
    "${specs[@]}" || [ $? -eq 124 ]
  sleep 0.5
  cp "$work/out" "$root/Recordings/sxmo/$name.lisgd"
  echo "$name: $(wc -l < "$work/out") firings"
done
