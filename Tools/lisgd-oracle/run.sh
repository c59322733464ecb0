#!/bin/bash
# Asks Debian's lisgd (0.3.7) what sxmo's stock gestures fire for each recording of
# Recordings/sxmo, and writes the answers as Recordings/sxmo/NAME.lisgd (one fired
# sxmo_hook_inputhandler.sh argument a line, in order). See Recordings/sxmo/README.md.
#
# Needs: lisgd, umockdev, gcc, util-linux's unshare and a built umockdev-script (swift build
# --product umockdev-script). libinput only takes a udev device whose database entry exists:
# each run gets a private /run (a mount namespace: `unshare -m` as root, else `unshare -rm`)
# holding /run/udev/data/c13:81 for the emulated /dev/input/event17.
#
# usage: Tools/lisgd-oracle/run.sh [NAME]...
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$(id -u)" -eq 0 ]; then namespace=(unshare -m); else namespace=(unshare -rm); fi
gcc -shared -fPIC -O1 -o "$work/fixrdev.so" Tools/lisgd-oracle/fixrdev.c -ldl
mkdir -p "$work/bin"
printf '#!/bin/sh\necho "$1" >> "$OUT"\n' > "$work/bin/sxmo_hook_inputhandler.sh"
chmod +x "$work/bin/sxmo_hook_inputhandler.sh"
# Runs in the private mount namespace: a /run of its own with the udev database entry, then
# lisgd on the emulated node, with the fstat shim.
cat > "$work/inside.sh" <<'INSIDE'
#!/bin/sh
work=$1 seconds=$2
shift 2
mount -t tmpfs tmpfs /run && mkdir -p /run/udev/data || exit 1
printf 'I:1000\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n' > /run/udev/data/c13:81
exec umockdev-run -d "$work/dev.umockdev" -i "/dev/input/event17=$work/dev.ioctl" \
  -s "/dev/input/event17=$work/dev.script" -- "$work/lisgd.sh" "$work" "$seconds" "$@"
INSIDE
cat > "$work/lisgd.sh" <<'LISGD'
#!/bin/sh
work=$1 seconds=$2
shift 2
LD_PRELOAD="$work/fixrdev.so:$LD_PRELOAD" FIXRDEV_DEV=13:81 \
  exec timeout "$seconds" lisgd -d /dev/input/event17 -w 720 -h 1440 "$@"
LISGD
chmod +x "$work/inside.sh" "$work/lisgd.sh"
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
  OUT=$work/out PATH=$work/bin:$PATH "${namespace[@]}" "$work/inside.sh" "$work" "$seconds" \
    "${specs[@]}" || [ $? -eq 124 ]
  sleep 0.5
  cp "$work/out" "$root/Recordings/sxmo/$name.lisgd"
  echo "$name: $(wc -l < "$work/out") firings"
done
