#!/usr/bin/python3
"""Drives `gesturectl run` through devices that come and go, with umockdev's testbed.

Run it under umockdev-wrapper with the system Python (which has `gi`):

    umockdev-wrapper /usr/bin/python3 Tools/umockdev-hotplug.py PLAN.json

PLAN.json is a list of steps, each a list:

    ["start", LOG, ARGV...]     start the daemon, its standard error into the file LOG
    ["add", PREFIX, NODE]       add the device PREFIX.umockdev (written by umockdev-script for
                                /dev/input/NODE) and load PREFIX.ioctl and PREFIX.script
                                for it, with the daemon stopped (SIGSTOP) until all of it
                                is in place
    ["remove", PREFIX]          announce "remove" for that device and take it away
    ["wait-log", TEXT, COUNT]   wait until LOG holds TEXT at least COUNT times
    ["wait-lines", FILE, N]     wait until FILE has at least N lines
    ["write", FILE, TEXT]       write TEXT to FILE (a new bindings file)
    ["signal", NAME]            send HUP, INT or TERM to the daemon
    ["wait-reaped"]             wait until the daemon has no child process, zombie or not
    ["wait-exit"]               wait for the daemon to end; prints "exit STATUS"
    ["uinput", CAPTURE]         emulate /dev/uinput (Tools/umockdev-uinput.py), the virtual
                                devices captured to CAPTURE.N.evemu (before "start")
    ["wait-capture", N]         wait until the first capture holds N events
    ["sleep", SECONDS]          let SECONDS pass

Each wait gives up after 30 s: the daemon is killed, "timeout: STEP" printed, status 1.
A device's node name is never reused after removal (umockdev aborts on that, and the
kernel does not reuse it at once either).
"""

import json
import os
import signal
import subprocess
import sys
import time

import importlib.util

import gi

gi.require_version("UMockdev", "1.0")
from gi.repository import GLib, UMockdev  # noqa: E402

TIMEOUT = 30.0


def syspaths(prefix):
    """The sysfs paths of a .umockdev file, event node first, then its parent."""
    with open(prefix + ".umockdev") as handle:
        return ["/sys" + line[3:].strip() for line in handle if line.startswith("P: ")]


def pause(seconds):
    """Lets `seconds` pass, running the GLib main loop (where an emulated /dev/uinput answers)."""
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.0005)


def wait_for(condition, step, daemon):
    """Polls condition() every 10 ms until it holds or TIMEOUT passes."""
    end = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > end:
            print("timeout: " + json.dumps(step), flush=True)
            if daemon is not None:
                daemon.kill()
            sys.exit(1)
        pause(0.01)


def load_uinput():
    """Tools/umockdev-uinput.py, as a module."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "umockdev-uinput.py")
    spec = importlib.util.spec_from_file_location("umockdev_uinput", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def captured_events(capture):
    """The number of events in the first capture of `capture`."""
    return sum(1 for line in read(capture + ".0.evemu").splitlines() if line.startswith("E: "))


def read(path):
    try:
        with open(path) as handle:
            return handle.read()
    except FileNotFoundError:
        return ""


def state(pid):
    """The one-letter state of process pid (R, S, T, Z...), or None when it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as handle:
            return handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def children(pid):
    """The process ids whose parent is pid (zombies included), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def main():
    with open(sys.argv[1]) as handle:
        plan = json.load(handle)
    testbed = UMockdev.Testbed.new()
    daemon = None
    log = None
    capture = None
    for step in plan:
        kind = step[0]
        if kind == "uinput":
            capture = step[1]
            load_uinput().attach(testbed, capture)
        elif kind == "wait-capture":
            wait_for(lambda: captured_events(capture) >= step[1], step, daemon)
        elif kind == "sleep":
            pause(step[1])
        elif kind == "start":
            log = step[1]
            daemon = subprocess.Popen(step[2:], stderr=open(log, "w"), stdout=subprocess.DEVNULL)
        elif kind == "add":
            prefix, node = step[1], "/dev/input/" + step[2]
            # Adding the device announces it before its ioctl and script handlers exist: a
            # daemon that opened it then could meet a half-made node (umockdev's race, not
            # the kernel's). Stopped meanwhile, the daemon reads the announcement once the
            # node is whole, as it would from udev.
            if daemon is not None and daemon.poll() is None:
                daemon.send_signal(signal.SIGSTOP)
                wait_for(lambda: state(daemon.pid) in ("T", "Z", "X", None), step, daemon)
            with open(prefix + ".umockdev") as handle:
                testbed.add_from_string(handle.read())
            testbed.load_ioctl(node, prefix + ".ioctl")
            testbed.load_script(node, prefix + ".script")
            if daemon is not None:
                daemon.send_signal(signal.SIGCONT)
        elif kind == "remove":
            paths = syspaths(step[1])
            testbed.uevent(paths[0], "remove")
            for path in paths:
                testbed.remove_device(path)
        elif kind == "wait-log":
            wait_for(lambda: read(log).count(step[1]) >= step[2], step, daemon)
        elif kind == "wait-lines":
            wait_for(lambda: len(read(step[1]).splitlines()) >= step[2], step, daemon)
        elif kind == "write":
            with open(step[1], "w") as handle:
                handle.write(step[2])
        elif kind == "signal":
            daemon.send_signal(getattr(signal, "SIG" + step[1]))
        elif kind == "wait-reaped":
            wait_for(lambda: not children(daemon.pid), step, daemon)
        elif kind == "wait-exit":
            wait_for(lambda: daemon.poll() is not None, step, daemon)
            pause(0.05)  # the emulated /dev/uinput sees the daemon's last writes and close
            print("exit %d" % daemon.returncode, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
