#!/usr/bin/env python3
"""CPU per frame of `gesturectl run` against lisgd, on one emulated device, at real pace or one
frame per write as fast as umockdev delivers.

A benchmark, not a test: CI and the tests never run it. It documents and reproduces the
"Performance" figures of Docs/gesturectl-run.md.

usage: Tools/bench-daemon.py LISGD [--runs 3] [--events 30000] [--rate 240] [--keep DIR]
                             [--no-build] [--pace real|write] [--gesturectl BIN]
                             [--baseline BIN] [--no-own]

LISGD is a lisgd binary you built yourself (the figures in the docs used lisgd 2087fbe built
headless: `make WITHOUT_X11=1 WITHOUT_WAYLAND=1 CFLAGS=-O2`, run with `-w 1920 -h 1080`).

What it does:
1. builds gesturectl, synth-trace and umockdev-script in release mode (unless --no-build);
2. writes a phone session (`synth-trace session --events N --rate HZ`: swipes, edge swipes,
   volume drags along the right edge, taps, double taps, holds, pinches, scrolls), moves it to
   start at 33 s (see shift_recording) and writes its umockdev triple at speed 1 (real pace);
   (`--pace write`: every frame its own write, 1 ms apart, as fast as the emulation goes);
3. runs RUNS rounds; in each, the daemons run at once, each under its own `umockdev-run` on
   its own copy of that device: lisgd with an sxmo-like set of `-g` bindings, `gesturectl run`
   with the same `-g` lines (ours-g), and `gesturectl run` with a native bindings file that
   also binds taps, double taps, a hold, scrolls, pinches and rotations (ours-native: every
   recognizer), and the same with the device owned (ours-own: a `device name=* own` rule, so
   the daemon grabs the device and writes every frame it passes to a uinput clone, one more
   `write` per forwarded frame, through the /dev/uinput that Tools/umockdev-uinput.py emulates;
   its Python process, the "compositor side", is not counted). Every command appends its name
   to a file through `sh -c`, so what each daemon recognized is counted; `--baseline BIN` adds
   BIN's `run` with the native file (base-native: an older gesturectl, side by side) and,
   unless --no-own, owned (base-own);
4. when the replay is over and every daemon has been idle for QUIET seconds, reads each one's
   CPU time: user + system from /proc/PID/stat (clock ticks; the commands' CPU, reaped
   children, apart) and the on-CPU nanoseconds of /proc/PID/task/*/schedstat, and divides by
   the events the daemon read from the node (counted by the shim below); user and system
   time are also given apart, per frame (µs; frames: the recording's SYN_REPORTs), with the
   wakes' reads per frame and the resident memory (VmRSS, VmHWM and Pss, in MB) at the end.

Two workarounds let libinput (hence lisgd) use umockdev's emulated node, applied to all three
daemons alike: a private /run (a mount namespace, `unshare -m`, or `unshare -rm` when not
root) holding the udev database entry libinput checks ("udev device never initialized"
otherwise), and an LD_PRELOAD shim, compiled here with `cc`, that reports the node's device
number for umockdev's pty from fstat (libinput compares the two) and counts the bytes the
daemon reads from the node. Needs umockdev, util-linux's unshare, a C compiler and Swift.
"""

import argparse
import os
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time

NODE = "/dev/input/event5"
RDEV = "13:69"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# sxmo-like lisgd bindings (sxmo binds its corners, edges and two-finger edge swipes to its
# input hook, volume and brightness to pressed drags along the side edges); commands are
# cheap and only record what fired.
LISGD_BINDINGS = [
    "1,DRUL,BR,*,R,corner-br",
    "1,DLUR,BL,*,R,corner-bl",
    "1,ULDR,TL,*,R,corner-tl",
    "1,URDL,TR,*,R,corner-tr",
    "1,LR,L,*,R,edge-left-in",
    "1,RL,R,*,R,edge-right-in",
    "1,DU,B,*,R,edge-bottom-up",
    "1,UD,T,*,R,edge-top-down",
    "1,DU,R,*,P,volume-up",
    "1,UD,R,*,P,volume-down",
    "1,DU,L,*,P,brightness-up",
    "1,UD,L,*,P,brightness-down",
    "2,UD,T,*,R,two-down-top",
    "2,DU,B,*,R,two-up-bottom",
    "1,LR,*,*,R,swipe-right",
    "1,RL,*,*,R,swipe-left",
    "1,DU,*,*,R,swipe-up",
    "1,UD,*,*,R,swipe-down",
    "2,LR,*,*,R,two-right",
    "2,RL,*,*,R,two-left",
    "2,DU,*,*,R,two-up",
    "2,UD,*,*,R,two-down",
]

# The same gestures in the native grammar, plus every other recognizer.
NATIVE_BINDINGS = """\
edge-pan edge=bottom-right direction=up-left NAME corner-br
edge-pan edge=bottom-left direction=up-right NAME corner-bl
edge-pan edge=top-left direction=down-right NAME corner-tl
edge-pan edge=top-right direction=down-left NAME corner-tr
edge-pan edge=left NAME edge-left-in
edge-pan edge=right NAME edge-right-in
edge-pan edge=bottom NAME edge-bottom-up
edge-pan edge=top NAME edge-top-down
edge-pan edge=right direction=up every=5mm NAME volume-up
edge-pan edge=right direction=down every=5mm NAME volume-down
edge-pan edge=left direction=up every=5mm NAME brightness-up
edge-pan edge=left direction=down every=5mm NAME brightness-down
edge-pan edge=top fingers=2 NAME two-down-top
edge-pan edge=bottom fingers=2 NAME two-up-bottom
swipe direction=right NAME swipe-right
swipe direction=left NAME swipe-left
swipe direction=up NAME swipe-up
swipe direction=down NAME swipe-down
swipe direction=right fingers=2 NAME two-right
swipe direction=left fingers=2 NAME two-left
swipe direction=up fingers=2 NAME two-up
swipe direction=down fingers=2 NAME two-down
pan direction=down distance=20mm NAME scroll-down
pan direction=up distance=20mm NAME scroll-up
tap NAME tap
tap taps=2 NAME double-tap
long-press NAME hold
pinch direction=in NAME pinch-in
pinch direction=out NAME pinch-out
rotation direction=cw angle=30deg NAME rotate-cw
rotation direction=ccw angle=30deg NAME rotate-ccw
"""

SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* umockdev serves an emulated evdev node through a pty (major 136). This shim, for the
   benchmarked process only (it clears its variables so that commands do not inherit them):
   - reports the node's device number (BENCH_EVDEV_RDEV=MAJOR:MINOR) from fstat, as a real
     node would (libinput compares it with the node's);
   - counts the bytes read from the node into the file BENCH_COUNTER (bytes, reads, reads that
     were not whole input_events), so that the benchmark knows how many events the daemon
     got. */
struct counter { long bytes, reads, partial; };
static struct counter *counter;
static dev_t rdev;
static int have_rdev;
static signed char kind[4096]; /* per fd: 0 unknown, 1 the node, 2 other */

__attribute__((constructor)) static void setup(void) {
  const char *want = getenv("BENCH_EVDEV_RDEV");
  if (want) {
    char *end;
    unsigned long ma = strtoul(want, &end, 10);
    unsigned long mi = *end == ':' ? strtoul(end + 1, NULL, 10) : 0;
    rdev = makedev(ma, mi);
    have_rdev = 1;
  }
  const char *path = getenv("BENCH_COUNTER");
  if (path) {
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0 && ftruncate(fd, 4096) == 0) {
      void *memory = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      if (memory != MAP_FAILED) counter = memory;
    }
    if (fd >= 0) close(fd);
  }
  unsetenv("BENCH_EVDEV_RDEV");
  unsetenv("BENCH_COUNTER");
}

static int is_pty(struct stat *st) { return S_ISCHR(st->st_mode) && major(st->st_rdev) == 136; }

int fstat(int fd, struct stat *st) {
  static int (*real)(int, struct stat *);
  if (!real) real = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
  int rc = real(fd, st);
  if (rc == 0 && have_rdev && is_pty(st)) st->st_rdev = rdev;
  return rc;
}

int fstat64(int fd, struct stat64 *st) {
  static int (*real)(int, struct stat64 *);
  if (!real) real = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
  int rc = real(fd, st);
  if (rc == 0 && have_rdev && is_pty((struct stat *)st)) st->st_rdev = rdev;
  return rc;
}

int close(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "close");
  if (fd >= 0 && fd < 4096) kind[fd] = 0;
  return real(fd);
}

ssize_t read(int fd, void *buffer, size_t size) {
  static ssize_t (*real)(int, void *, size_t);
  if (!real) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
  ssize_t rc = real(fd, buffer, size);
  if (counter && rc > 0 && fd >= 0 && fd < 4096) {
    if (kind[fd] == 0) {
      struct stat st;
      static int (*real_fstat)(int, struct stat *);
      if (!real_fstat) real_fstat = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
      kind[fd] = real_fstat(fd, &st) == 0 && is_pty(&st) ? 1 : 2;
    }
    if (kind[fd] == 1) {
      counter->bytes += rc;
      counter->reads += 1;
      if (rc % 24 != 0) counter->partial += 1;
    }
  }
  return rc;
}
"""

# Runs in umockdev's environment: records its pid (kept by exec), adds the shim, runs "$@".
WRAPPER = """#!/bin/sh
echo $$ > "$BENCH_PIDFILE"
BENCH_EVDEV_RDEV=%s LD_PRELOAD="$BENCH_SHIM${LD_PRELOAD:+:$LD_PRELOAD}" exec "$@"
""" % RDEV

# Runs in the private mount namespace: a /run of its own with the udev database entry.
NAMESPACE = """mount -t tmpfs tmpfs /run && mkdir -p /run/udev/data &&
printf 'I:1\\nE:ID_INPUT=1\\nE:ID_INPUT_TOUCHSCREEN=1\\n' > /run/udev/data/c%s && exec "$@"
""" % RDEV

TICKS = os.sysconf("SC_CLK_TCK")
# Seconds without CPU use after which a daemon is taken to have seen the whole replay: the
# session's pauses last at most 0.95 s.
QUIET = 3.0
# Seconds added to the recording's times (see shift_recording).
SHIFT = 33


def run(command, **kwargs):
    """Runs command, failing loudly."""
    return subprocess.run(command, check=True, **kwargs)


def memory(pid):
    """(VmRSS, VmHWM, Pss) of pid in MB."""
    values = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                values[line.split(":")[0]] = int(line.split()[1]) / 1024
    with open("/proc/%d/smaps_rollup" % pid) as rollup:
        for line in rollup:
            if line.startswith("Pss:"):
                values["Pss"] = int(line.split()[1]) / 1024
    return values.get("VmRSS", 0), values.get("VmHWM", 0), values.get("Pss", 0)


def cpu(pid):
    """(user+sys s, reaped children's user+sys s, on-CPU s of live threads, user s) of pid."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / TICKS
    children = (int(fields[13]) + int(fields[14])) / TICKS
    on_cpu = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/schedstat" % (pid, task)) as schedstat:
            on_cpu += int(schedstat.read().split()[0])
    return own, children, on_cpu / 1e9, int(fields[11]) / TICKS, int(fields[12]) / TICKS


def shift_recording(source, destination, seconds):
    """Copies an evemu recording with `seconds` added to every event time.

    umockdev's script parser drops a block's leading space (0x20), the low byte of an event's
    seconds; umockdev-script used to send every frame of a second ≡ 32 (mod 256) in one block
    with the frame before it, over the 4095 bytes a pty read returns, which split an
    input_event. It now shifts the times itself; starting at 33 s stays harmless.
    """
    with open(source) as text, open(destination, "w") as out:
        for line in text:
            if line.startswith("E: "):
                head, time_text, rest = line.split(" ", 2)
                second, micro = time_text.split(".")
                line = "E: %d.%s %s" % (int(second) + seconds, micro, rest)
            out.write(line)


def recording_stats(path):
    """(events, frames, seconds from the first event to the last) of an evemu recording."""
    events, frames, first, last = 0, 0, None, 0.0
    with open(path) as text:
        for line in text:
            if line.startswith("E: "):
                events += 1
                fields = line.split()
                if fields[2:5] == ["0000", "0000", "0000"]:
                    frames += 1
                last = float(fields[1])
                first = last if first is None else first
    return events, frames, last - (first or 0.0)


class Daemon:
    """One daemon running under its own umockdev-run on a fresh copy of the device."""

    def __init__(self, name, command, work, fixture, own=False):
        self.name = name
        self.out = os.path.join(work, name + ".out")
        self.counter = os.path.join(work, name + ".counter")
        self.logfile = os.path.join(work, name + ".log")
        pidfile = os.path.join(work, name + ".pid")
        for path in (self.out, pidfile, self.counter):
            if os.path.exists(path):
                os.remove(path)
        namespace = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
        environment = dict(os.environ, BENCH_PIDFILE=pidfile, BENCH_SHIM=work + "/shim.so",
                           BENCH_COUNTER=self.counter)
        if own:
            # The emulated /dev/uinput runs in the Python process umockdev-wrapper starts; the
            # daemon is its child (the wrapper records the daemon's pid).
            emulation = ["umockdev-wrapper", "/usr/bin/python3", ROOT + "/Tools/umockdev-uinput.py",
                         "--device", fixture, os.path.basename(NODE),
                         os.path.join(work, name + ".clone"), "--"]
        else:
            emulation = ["umockdev-run", "-d", fixture + ".umockdev", "-i",
                         "%s=%s.ioctl" % (NODE, fixture), "-s", "%s=%s.script" % (NODE, fixture),
                         "--"]
        full = namespace + ["sh", "-c", NAMESPACE, "sh"] + emulation + [work + "/wrapper.sh"]
        full += [part.replace("OUT", self.out) for part in command]
        self.load = os.getloadavg()
        with open(self.logfile, "w") as log:
            self.process = subprocess.Popen(full, stdout=log, stderr=log, env=environment,
                                            start_new_session=True)
        while not os.path.exists(pidfile) and self.process.poll() is None:
            time.sleep(0.01)
        self.started = time.monotonic()
        time.sleep(0.3)
        with open(pidfile) as text:
            self.pid = int(text.read())
        self.cpu = cpu(self.pid)
        self.still = time.monotonic()

    def quiet(self):
        """Whether the daemon's CPU time has not moved for QUIET seconds."""
        sample = cpu(self.pid)
        if sample != self.cpu:
            self.cpu, self.still = sample, time.monotonic()
        return time.monotonic() - self.still >= QUIET

    def finish(self):
        """Stops the daemon and returns what it cost and did."""
        rss, hwm, pss = memory(self.pid)
        os.kill(self.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            # umockdev-run waits until its whole script is delivered, which never happens
            # once the daemon has stopped reading.
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        counts = {}
        if os.path.exists(self.out):
            with open(self.out) as text:
                for line in text:
                    counts[line.strip()] = counts.get(line.strip(), 0) + 1
        with open(self.counter, "rb") as data:
            got, reads, partial = struct.unpack("3q", data.read(24))
        return {"own": self.cpu[0], "children": self.cpu[1], "on_cpu": self.cpu[2],
                "user": self.cpu[3], "sys": self.cpu[4], "rss": rss, "hwm": hwm, "pss": pss,
                "wall": self.still - self.started, "load": self.load, "counts": counts,
                "events": got // 24, "reads": reads, "partial": partial}


def run_round(daemons, work, fixture, duration):
    """Runs every daemon at once, each on its own copy of the device, until the replay is
    over and each has been idle for QUIET seconds; returns name -> result."""
    running = [Daemon(name, command, work, fixture, own=name.endswith("-own"))
               for name, command in daemons]
    # The replay starts 250 ms after the node is opened and lasts `duration` (a little more on
    # a loaded machine).
    time.sleep(duration + 1.0)
    while not all([daemon.quiet() for daemon in running]):
        time.sleep(0.5)
    return {daemon.name: daemon.finish() for daemon in running}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lisgd", help="a lisgd binary")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--events", type=int, default=30000)
    parser.add_argument("--rate", type=int, default=240)
    parser.add_argument("--keep", help="work in this directory and keep it")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--pace", choices=("real", "write"), default="real",
                        help="real: the recording's pace; write: each frame its own write, 1 ms"
                        " apart")
    parser.add_argument("--gesturectl", help="this gesturectl binary instead of the build's")
    parser.add_argument("--baseline", help="also run this gesturectl binary (base-native, and"
                        " base-own)")
    parser.add_argument("--no-own", action="store_true",
                        help="leave out the owned rows (ours-own, base-own)")
    options = parser.parse_args()
    lisgd = os.path.abspath(options.lisgd)
    binaries = os.path.join(ROOT, ".build", "release")
    if not options.no_build:
        for product in ("gesturectl", "synth-trace", "umockdev-script"):
            run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT,
                stdout=subprocess.DEVNULL)
    tools = binaries
    if not os.path.exists(tools + "/synth-trace"):
        tools = os.path.join(ROOT, ".build", "debug")  # the generators' speed does not matter
    work = options.keep or tempfile.mkdtemp(prefix="bench-daemon-")
    os.makedirs(work, exist_ok=True)
    try:
        generated = os.path.join(work, "session.evemu")
        run([tools + "/synth-trace", "session", "-o", generated, "--events",
             str(options.events), "--rate", str(options.rate)])
        recording = os.path.join(work, "session-from-33s.evemu")
        shift_recording(generated, recording, SHIFT)
        fixture = os.path.join(work, "device")
        pace = ["--speed", "1"] if options.pace == "real" else ["--speed", "1000",
                                                                  "--min-delay-ms", "1"]
        run([tools + "/umockdev-script", recording, "-o", fixture, "--node", NODE] + pace)
        events, frames, duration = recording_stats(recording)
        if options.pace == "write":
            duration = frames / 1000.0
        with open(work + "/shim.c", "w") as text:
            text.write(SHIM)
        run(["cc", "-O2", "-shared", "-fPIC", "-o", work + "/shim.so", work + "/shim.c", "-ldl"])
        with open(work + "/wrapper.sh", "w") as text:
            text.write(WRAPPER)
        os.chmod(work + "/wrapper.sh", 0o755)
        def bindings(name, own=False):
            """The native bindings file of the daemon `name`, with a device rule owning every
            device when `own`."""
            path = "%s/%s.bindings" % (work, name)
            with open(path, "w") as text:
                if own:
                    text.write("device name=* own\n")
                text.write(NATIVE_BINDINGS.replace("NAME", "shell 'echo").replace(
                    "\n", " >> %s/%s.out'\n" % (work, name)))
            return path
        open(work + "/empty.bindings", "w").close()
        lisgd_lines = [b.rsplit(",", 1)[0] + ",echo " + b.rsplit(",", 1)[1] + " >> OUT"
                       for b in LISGD_BINDINGS]
        flags = [part for line in lisgd_lines for part in ("-g", line)]
        gesturectl = os.path.abspath(options.gesturectl or binaries + "/gesturectl")
        daemons = [
            ("lisgd", [lisgd, "-d", NODE, "-w", "1920", "-h", "1080"] + flags),
            ("ours-g", [gesturectl, "run", "--config", work + "/empty.bindings"] + flags
             + [NODE]),
            ("ours-native", [gesturectl, "run", "--config", bindings("ours-native"), NODE]),
        ]
        if not options.no_own:
            daemons.append(("ours-own", [gesturectl, "run", "--config",
                                         bindings("ours-own", own=True), NODE]))
        if options.baseline:
            baseline = os.path.abspath(options.baseline)
            daemons.append(("base-native", [baseline, "run", "--config",
                                            bindings("base-native"), NODE]))
            if not options.no_own:
                daemons.append(("base-own", [baseline, "run", "--config",
                                             bindings("base-own", own=True), NODE]))
        print("recording: %d events, %d frames in %.1f s (%d Hz, pace %s), %s" % (
            events, frames, duration, options.rate, options.pace, recording))
        results = {name: [] for name, _ in daemons}
        for index in range(options.runs):
            for name, result in sorted(run_round(daemons, work, fixture, duration).items()):
                complete = result["events"] == events and result["partial"] == 0
                print("run %d %-12s own %.3f s (user %.3f s, sys %.3f s, on-CPU %.3f s) ="
                      " %.2f s/M events, RSS %.1f MB (peak %.1f, Pss %.1f), commands"
                      " %.3f s, %d fired, %d events%s in %d reads, replay %.1f s,"
                      " load %.2f %.2f %.2f" % (
                          index + 1, name, result["own"], result["user"], result["sys"],
                          result["on_cpu"], result["own"] / max(result["events"], 1) * 1e6,
                          result["rss"], result["hwm"], result["pss"], result["children"],
                          sum(result["counts"].values()), result["events"],
                          "" if complete else " (then a partial read: stopped)",
                          result["reads"], result["wall"], *result["load"]))
                results[name].append(result)
            sys.stdout.flush()
        print("\nCPU s per million events received (median, min..max; user+sys of the daemon"
              " itself; on-CPU from schedstat; the commands' CPU apart):")
        for name, _ in daemons:
            per = [r["own"] / r["events"] * 1e6 for r in results[name]]
            on = [r["on_cpu"] / r["events"] * 1e6 for r in results[name]]
            kids = [r["children"] / r["events"] * 1e6 for r in results[name]]
            whole = [r["own"] / r["events"] * 1e6 for r in results[name]
                     if r["events"] == events and r["partial"] == 0]
            print("  %-12s %.2f (%.2f..%.2f); on-CPU %.2f; commands %.2f; complete runs: %s" % (
                name, statistics.median(per), min(per), max(per), statistics.median(on),
                statistics.median(kids), " ".join("%.2f" % x for x in whole) or "none"))
        print("\nµs per frame (median of runs; %d frames, counted in proportion to the events a"
              " run received when it stopped early; user and system apart), reads per frame,"
              " resident memory at the end (MB, median):" % frames)
        for name, _ in daemons:
            rows = results[name]

            def per_frame(row, value):
                return value / max(frames * row["events"] / events, 1)

            print("  %-12s user %.1f  sys %.1f  user+sys %.1f  reads/frame %.2f  RSS %.1f"
                  " (Pss %.1f)" % (
                      name, statistics.median(per_frame(r, r["user"]) * 1e6 for r in rows),
                      statistics.median(per_frame(r, r["sys"]) * 1e6 for r in rows),
                      statistics.median(per_frame(r, r["own"]) * 1e6 for r in rows),
                      statistics.median(per_frame(r, r["reads"]) for r in rows),
                      statistics.median(r["rss"] for r in rows),
                      statistics.median(r["pss"] for r in rows)))
        print("\nwhat fired (last run):")
        names = sorted({k for name, _ in daemons for k in results[name][-1]["counts"]})
        print("  %-16s" % "" + "".join(" %12s" % n for n, _ in daemons))
        for key in names:
            print("  %-16s" % key + "".join(" %12d" % results[n][-1]["counts"].get(key, 0)
                                            for n, _ in daemons))
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
