#ifndef TOUCHGESTURES_CLIBEVDEV_SHIM_H
#define TOUCHGESTURES_CLIBEVDEV_SHIM_H
// The one C header the project uses: libevdev (Debian libevdev-dev) and the kernel's input ABI.
#include <libevdev/libevdev.h>
#include <linux/input.h>
#endif
