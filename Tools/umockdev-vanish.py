#!/usr/bin/python3
"""Unplug an emulated input device while a program reads it.

usage: umockdev-vanish.py PREFIX NODE TRIGGER COMMAND...

Builds a umockdev testbed from PREFIX.umockdev, PREFIX.ioctl and PREFIX.script (as written
by umockdev-script) with the device at NODE, runs COMMAND with libumockdev-preload, copies its
standard output to ours and, at the first line containing TRIGGER, unplugs the device:
removes it from the testbed (sysfs and node) and hangs up the pty behind the node, so the
program's poll() reports POLLHUP | POLLERR and its read() returns 0 bytes. Exits with the
program's status (128 + signal when killed), 124 when it is still running 5 s after the
unplug, 125 when the output ended without TRIGGER. Needs python3-gi and
gir1.2-umockdev-1.0; exits 77 when they are missing.
"""

import os
import subprocess
import sys

try:
    import gi

    gi.require_version("UMockdev", "1.0")
    from gi.repository import UMockdev
except (ImportError, ValueError) as error:
    print(f"umockdev-vanish: {error}", file=sys.stderr)
    sys.exit(77)


def unplug(testbed, node):
    """Removes the device of NODE and hangs up the pty that backs the node."""
    root = os.path.realpath(testbed.get_root_dir())
    link = os.path.join(testbed.get_sys_dir(), "class", "input", os.path.basename(node))
    testbed.remove_device(os.path.realpath(link)[len(root):])  # /sys/devices/...
    # The testbed keeps the pty's master end and closes it when it is destroyed; put
    # /dev/null in its place, which drops the last reference to the master (the program sees
    # the hang-up now) and leaves the testbed a descriptor it may close.
    master = testbed.get_dev_fd(node)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, master)
    os.close(null)


def main(prefix, node, trigger, command):
    testbed = UMockdev.Testbed.new()
    testbed.add_from_file(prefix + ".umockdev")
    testbed.load_ioctl(node, prefix + ".ioctl")
    testbed.load_script(node, prefix + ".script")
    preload = "libumockdev-preload.so.0"
    if os.environ.get("LD_PRELOAD"):
        preload += ":" + os.environ["LD_PRELOAD"]
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE,
        env=dict(os.environ, LD_PRELOAD=preload, UMOCKDEV_DIR=testbed.get_root_dir()))
    unplugged = False
    for line in child.stdout:
        sys.stdout.buffer.write(line)
        sys.stdout.flush()
        if not unplugged and trigger.encode() in line:
            unplugged = True
            print(f"umockdev-vanish: unplugging {node}", file=sys.stderr, flush=True)
            unplug(testbed, node)
            break
    try:
        rest, _ = child.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        rest, _ = child.communicate()
        sys.stdout.buffer.write(rest)
        print("umockdev-vanish: still running 5 s after the unplug", file=sys.stderr)
        return 124
    sys.stdout.buffer.write(rest)
    if not unplugged:
        print(f"umockdev-vanish: the output never contained {trigger!r}", file=sys.stderr)
        return 125
    return child.returncode if child.returncode >= 0 else 128 - child.returncode


if __name__ == "__main__":
    if len(sys.argv) < 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
