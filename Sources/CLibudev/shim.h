#ifndef TOUCHGESTURES_CLIBUDEV_SHIM_H
#define TOUCHGESTURES_CLIBUDEV_SHIM_H
// libudev (Debian libudev-dev): device enumeration and the hotplug monitor of `gesturectl run`.
#include <libudev.h>
#endif
