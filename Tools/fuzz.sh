#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Fuzz*Entry.swift over the FuzzTargets module, with
# -sanitize=fuzzer,address) and runs them. See Docs/Fuzzing.md.
#
#   Tools/fuzz.sh [--time SECONDS] [--jobs N] [--build-only] [TARGET…]
#
# TARGET is a name from Fuzz/Fuzz<Name>Entry.swift, lower-cased (evemu, eventstream,
# libinputyaml); all by
# default. Each runs SECONDS (default 600) with its working corpus in .build/fuzz/corpus/TARGET,
# seeded from Recordings/ on first use; crashes land in .build/fuzz/crashes/TARGET (the script
# fails while any is there). Once fixed, move a crash into Fuzz/regressions/evemu/, events/
# or libinput/ (the target's input format), so swift test keeps replaying it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

seconds=600
jobs=1
build_only=0
targets=()
while (($#)); do
  case "$1" in
    --time) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done

scratch=.build/fuzz
release="$scratch/release"
# The libraries, instrumented for coverage and AddressSanitizer, as object files.
swift build -c release --target FuzzTargets --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address
objects=()
for module in TextOutput TouchInput GestureRecognition GesturePipeline GestureTesting \
  GestureTestSupport FuzzTargets; do
  objects+=("$release/$module.build/"*.o)
done
mkdir -p "$scratch/bin"
# ld.gold warns once per ASan helper symbol that it cannot export; nothing is wrong.
quiet() { grep -v "Cannot export local symbol" || true; }
link() {
  swiftc -O -I "$release/Modules" "$@" "${objects[@]}" -lm 2>&1 | quiet
}

all=()
for entry in Fuzz/Fuzz*Entry.swift; do
  name=$(basename "$entry" .swift)
  name=${name#Fuzz}
  name=${name%Entry}
  name=${name,,}
  all+=("$name")
  link -sanitize=fuzzer,address -parse-as-library "$entry" -o "$scratch/bin/fuzz-$name"
done
# The event-stream seeds are recordings' events in that target's layout: a plain program
# (its own main, libFuzzer without its main) writes them.
no_main=$(ls "$(dirname "$(command -v swiftc)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-*.a \
  | head -n 1)
link -sanitize=address Fuzz/MakeEventSeeds.swift -Xlinker "$no_main" -lstdc++ \
  -o "$scratch/bin/make-event-seeds"
((build_only)) && exit 0
((${#targets[@]})) || targets=("${all[@]}")

mapfile -t recordings < <(find Recordings -name '*.evemu' -size -200k | sort)
for target in "${targets[@]}"; do
  corpus="$scratch/corpus/$target"
  crashes="$scratch/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  if [ -z "$(ls -A "$corpus")" ]; then
    case "$target" in
      evemu) for file in "${recordings[@]}"; do cp "$file" "$corpus/${file//\//_}"; done ;;
      eventstream) "$scratch/bin/make-event-seeds" "$corpus" "${recordings[@]}" ;;
      libinputyaml)
        while IFS= read -r file; do cp "$file" "$corpus/${file//\//_}"; done \
          < <(find Recordings -name '*.yml' -size -200k | sort)
        ;;
    esac
  fi
  echo "fuzz-$target: ${seconds}s, $(ls "$corpus" | wc -l) corpus files"
  parallel=()
  ((jobs > 1)) && parallel=(-fork="$jobs")
  "$scratch/bin/fuzz-$target" -max_total_time="$seconds" -max_len=32768 -timeout=10 \
    -rss_limit_mb=2048 "${parallel[@]}" -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$corpus" 2>&1 \
    | grep -E "^(#[0-9]+ +(INITED|DONE)|stat::|==|SUMMARY|ERROR|Fatal|.*property broken)" || true
  found=$(ls "$crashes" | wc -l)
  echo "fuzz-$target: corpus $(ls "$corpus" | wc -l) files, $found crash files in $crashes"
  ((found == 0)) || exit 1
done
