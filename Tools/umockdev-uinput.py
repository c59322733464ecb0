#!/usr/bin/python3
"""An emulated /dev/uinput for tests, under umockdev (machines without uinput, or without
access to it, still test what the daemon writes to a virtual device).

Run a program with it under umockdev-wrapper with the system Python (which has `gi`):

    umockdev-wrapper /usr/bin/python3 Tools/umockdev-uinput.py [--legacy]
        [--device PREFIX NODE]... CAPTURE -- PROGRAM ARGS...

(`--device` adds the device PREFIX.umockdev, written by umockdev-script for /dev/input/NODE,
with its PREFIX.ioctl and PREFIX.script, before the program starts),

or import it (Tools/umockdev-hotplug.py's `uinput` step does). Every virtual device the
program creates is written to CAPTURE.N.evemu (N = 0, 1, ... in order of creation) as an evemu
recording: the setup it gave (`N:` name, `I:` ids, `P:` properties, `B:` event bits, `A:` absinfo)
then one `E: SEC.USEC TYPE CODE VALUE` line per `struct input_event` written, flushed as it
comes, stamped with this process's CLOCK_MONOTONIC when the write arrived (libevdev writes
zero times; the kernel would stamp them itself). `# destroyed` ends the file at UI_DEV_DESTROY
or when the program closes the node. The recording replays with `gesturectl replay` and, through
`umockdev-script`, into libinput.

How the emulation answers (libevdev 1.13's uinput sequence; umockdev 0.17's Python API: a
subclass of `UMockdev.IoctlBase` attached to the node with `Testbed.attach_ioctl`, whose
`do_handle_ioctl`/`do_handle_write` run in the GLib main loop, which must be iterated):

- `UI_GET_VERSION` answers 5, so libevdev uses `UI_DEV_SETUP` and `UI_ABS_SETUP`; with
  `--legacy` it fails (EINVAL), and libevdev writes a 1,116-byte `struct uinput_user_dev`
  instead, which is parsed too.
- `UI_SET_EVBIT`, `UI_SET_KEYBIT`, `UI_SET_RELBIT`, `UI_SET_ABSBIT`, `UI_SET_MSCBIT`,
  `UI_SET_LEDBIT`, `UI_SET_SNDBIT`, `UI_SET_FFBIT`, `UI_SET_SWBIT`, `UI_SET_PROPBIT` record the
  bit; `UI_SET_PHYS` is accepted.
- `UI_DEV_CREATE` adds `/devices/virtual/input/inputN` with an `eventN` child to the testbed
  (libevdev reads the syspath back from sysfs and fails with ENODEV without it);
  `UI_GET_SYSNAME` answers `inputN`.
- `UI_DEV_DESTROY` (or the client going away) ends the capture.
"""

import os
import struct
import subprocess
import sys
import time

import gi

gi.require_version("UMockdev", "1.0")
from gi.repository import GLib, UMockdev  # noqa: E402

# ioctl request numbers (linux/uinput.h, 64-bit: _IOW('U', n, int) and friends).
UI_DEV_CREATE = 0x5501
UI_DEV_DESTROY = 0x5502
UI_DEV_SETUP = 0x405C5503
UI_ABS_SETUP = 0x401C5504
UI_GET_VERSION = 0x8004552D
UI_GET_SYSNAME_65 = 0x8041552C
UI_SET_PHYS = 0x4008556C
SET_BITS = {
    0x40045564: 0x00,  # UI_SET_EVBIT: the event types (EV_SYN's "codes")
    0x40045565: 0x01,  # UI_SET_KEYBIT
    0x40045566: 0x02,  # UI_SET_RELBIT
    0x40045567: 0x03,  # UI_SET_ABSBIT
    0x40045568: 0x04,  # UI_SET_MSCBIT
    0x40045569: 0x11,  # UI_SET_LEDBIT
    0x4004556A: 0x12,  # UI_SET_SNDBIT
    0x4004556B: 0x15,  # UI_SET_FFBIT
    0x4004556D: 0x05,  # UI_SET_SWBIT
    0x4004556E: "prop",  # UI_SET_PROPBIT
}
EINVAL = 22
ABS_CNT = 64
USER_DEV_SIZE = 80 + 8 + 4 + 4 * ABS_CNT * 4  # struct uinput_user_dev: 1,116 bytes
EVENT_SIZE = 24  # struct input_event on 64-bit: timeval (16), type, code (u16), value (s32)
EVENT_COUNTS = {0x00: 32, 0x01: 768, 0x02: 16, 0x03: 64, 0x04: 8, 0x05: 17, 0x11: 16, 0x12: 8,
                0x14: 2, 0x15: 128}


def bitmask(codes, count):
    """evemu's `B:` bytes for a set of codes (count codes wide, rounded up to bytes)."""
    data = bytearray((count + 7) // 8)
    for code in codes:
        if code < count:
            data[code // 8] |= 1 << (code % 8)
    return data


class VirtualDevice:
    """One device the client is setting up or created; writes its capture file."""

    def __init__(self, path):
        self.path = path
        self.name = ""
        self.ids = (0, 0, 0, 0)
        self.bits = {}
        self.properties = set()
        self.absinfo = {}
        self.file = None

    def header(self):
        lines = ["# EVEMU 1.3", "# captured by Tools/umockdev-uinput.py", "N: " + self.name,
                 "I: %04x %04x %04x %04x" % self.ids]
        lines.append("P: " + " ".join("%02x" % b for b in bitmask(self.properties, 32)))
        types = set(self.bits.get(0, set())) | {0}
        lines.append("B: 00 " + " ".join("%02x" % b for b in bitmask(types, 32)))
        for kind in sorted(EVENT_COUNTS):
            if kind == 0:
                continue
            data = bitmask(self.bits.get(kind, set()), EVENT_COUNTS[kind])
            lines.append("B: %02x " % kind + " ".join("%02x" % b for b in data))
        for code in sorted(self.absinfo):
            if code in self.bits.get(0x03, set()):
                minimum, maximum, fuzz, flat, resolution = self.absinfo[code]
                lines.append("A: %02x %d %d %d %d %d" % (code, minimum, maximum, fuzz, flat,
                                                        resolution))
        return "\n".join(lines) + "\n"

    def create(self):
        self.file = open(self.path, "w")
        self.file.write(self.header())
        self.file.flush()

    def event(self, data):
        seconds, micros, kind, code, value = struct.unpack("<qqHHi", data)
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        self.file.write("E: %d.%06d %04x %04x %d\n" % (now // 1_000_000, now % 1_000_000, kind,
                                                     code, value))
        self.file.flush()

    def destroy(self):
        if self.file is not None and not self.file.closed:
            self.file.write("# destroyed\n")
            self.file.close()


class Uinput(UMockdev.IoctlBase):
    """The handler of the emulated node: one VirtualDevice per client."""

    def __init__(self, testbed, capture, legacy=False):
        super().__init__()
        self.testbed = testbed
        self.capture = capture
        self.legacy = legacy
        self.devices = {}
        self.created = 0

    def device(self, client):
        # The client object is kept with its device, so its wrapper (and id) stays the same.
        key = id(client)
        if key not in self.devices:
            self.devices[key] = (client, VirtualDevice("%s.%d.evemu" % (self.capture, self.created)))
            self.created += 1
        return self.devices[key][1]

    def do_client_vanished(self, client):
        entry = self.devices.pop(id(client), None)
        if entry is not None:
            entry[1].destroy()

    def do_handle_ioctl(self, client):
        request = client.get_request()
        arg = client.get_arg()
        device = self.device(client)
        if request == UI_GET_VERSION:
            if self.legacy:
                client.complete(-1, EINVAL)
                return True
            arg.resolve(0, 4).update(0, struct.pack("<I", 5))
        elif request in SET_BITS:
            raw = bytes(arg.retrieve())
            value = int.from_bytes(raw[:4], "little")
            kind = SET_BITS[request]
            if kind == "prop":
                device.properties.add(value)
            else:
                device.bits.setdefault(kind, set()).add(value)
        elif request == UI_DEV_SETUP:
            data = bytes(arg.resolve(0, 92).retrieve())
            device.ids = struct.unpack("<HHHH", data[:8])
            device.name = data[8:88].split(b"\0")[0].decode("utf-8", "replace")
        elif request == UI_ABS_SETUP:
            data = bytes(arg.resolve(0, 28).retrieve())
            code = struct.unpack("<H", data[:2])[0]
            _, minimum, maximum, fuzz, flat, resolution = struct.unpack("<iiiiii", data[4:28])
            device.absinfo[code] = (minimum, maximum, fuzz, flat, resolution)
        elif request == UI_DEV_CREATE:
            number = 77 + self.created - 1
            parent = self.testbed.add_device("input", "virtual/input/input%d" % number, None,
                                             ["name", device.name], [])
            self.testbed.add_device("input", "event%d" % number, parent, [],
                                    ["DEVNAME", "input/event%d" % number])
            device.sysname = "input%d" % number
            device.create()
        elif request == UI_GET_SYSNAME_65:
            name = getattr(device, "sysname", "input0").encode() + b"\0"
            arg.resolve(0, len(name)).update(0, name)
            client.complete(len(name), 0)
            return True
        elif request == UI_DEV_DESTROY:
            device.destroy()
        client.complete(0, 0)
        return True

    def do_handle_write(self, client):
        data = bytes(client.get_arg().retrieve())
        device = self.device(client)
        if device.file is None and len(data) == USER_DEV_SIZE:
            device.name = data[:80].split(b"\0")[0].decode("utf-8", "replace")
            device.ids = struct.unpack("<HHHH", data[80:88])
            arrays = struct.unpack("<%di" % (4 * ABS_CNT), data[92:])
            for code in range(ABS_CNT):
                device.absinfo[code] = (arrays[ABS_CNT + code], arrays[code],
                                        arrays[2 * ABS_CNT + code], arrays[3 * ABS_CNT + code], 0)
        elif device.file is not None:
            for offset in range(0, len(data) - EVENT_SIZE + 1, EVENT_SIZE):
                device.event(data[offset:offset + EVENT_SIZE])
        client.complete(len(data), 0)
        return True


def attach(testbed, capture, legacy=False):
    """Adds /dev/uinput to testbed, answered by a Uinput handler writing CAPTURE.N.evemu."""
    testbed.add_from_string(
        "P: /devices/virtual/misc/uinput\nN: uinput\nE: DEVNAME=/dev/uinput\n"
        "E: SUBSYSTEM=misc\nE: MAJOR=10\nE: MINOR=223\nA: dev=10:223\n")
    handler = Uinput(testbed, capture, legacy)
    testbed.attach_ioctl("/dev/uinput", handler)
    return handler


def iterate(seconds):
    """Runs the GLib main loop (where the handler answers) for about `seconds`."""
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while time.monotonic() < end:
        if not context.iteration(False):
            time.sleep(0.0002)


def main():
    arguments = sys.argv[1:]
    legacy = False
    devices = []
    while arguments and arguments[0].startswith("--") and arguments[0] != "--":
        if arguments[0] == "--legacy":
            legacy = True
            arguments = arguments[1:]
        elif arguments[0] == "--device" and len(arguments) >= 3:
            devices.append((arguments[1], "/dev/input/" + arguments[2]))
            arguments = arguments[3:]
        else:
            break
    if len(arguments) < 3 or arguments[1] != "--":
        sys.stderr.write("usage: umockdev-uinput.py [--legacy] [--device PREFIX NODE]... "
                         "CAPTURE -- PROGRAM ARGS...\n")
        return 2
    testbed = UMockdev.Testbed.new()
    for prefix, node in devices:
        with open(prefix + ".umockdev") as handle:
            testbed.add_from_string(handle.read())
        testbed.load_ioctl(node, prefix + ".ioctl")
        testbed.load_script(node, prefix + ".script")
    handler = attach(testbed, arguments[0], legacy)
    child = subprocess.Popen(arguments[2:])
    while child.poll() is None:
        iterate(0.01)
    iterate(0.05)
    for _, device in handler.devices.values():
        device.destroy()
    return child.returncode


if __name__ == "__main__":
    sys.exit(main())
