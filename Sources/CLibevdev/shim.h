#ifndef TOUCHGESTURES_CLIBEVDEV_SHIM_H
#define TOUCHGESTURES_CLIBEVDEV_SHIM_H
// The one C header the project uses: libevdev (Debian libevdev-dev) and the kernel's input ABI.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
// glibc declares ppoll only under _GNU_SOURCE; the live loop needs its nanosecond timeout so a
// deadline is not rounded up to a whole millisecond.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
#endif
