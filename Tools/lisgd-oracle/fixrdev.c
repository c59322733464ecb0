/*
 * A test shim for running libinput programs (lisgd) on a node umockdev emulates.
 *
 * umockdev answers an emulated evdev node through a pseudo-terminal, and reports the node's
 * device number for stat() on its path but not for fstat() on the opened descriptor;
 * libinput compares the two and refuses the device ("failed to create input device"). This
 * shim makes fstat() report FIXRDEV_DEV (MAJOR:MINOR) for a pseudo-terminal (major 136)
 * descriptor. Only for Tools/lisgd-oracle/run.sh and Tools/libinput-events.sh; never part of
 * the package.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

static void fix(struct stat *st) {
  const char *dev = getenv("FIXRDEV_DEV");
  unsigned major_number, minor_number;
  if (dev == NULL || !S_ISCHR(st->st_mode) || major(st->st_rdev) != 136) return;
  if (sscanf(dev, "%u:%u", &major_number, &minor_number) == 2)
    st->st_rdev = makedev(major_number, minor_number);
}

int fstat(int fd, struct stat *st) {
  static int (*real)(int, struct stat *);
  if (real == NULL) real = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
  int result = real(fd, st);
  if (result == 0) fix(st);
  return result;
}

int fstat64(int fd, struct stat64 *st) {
  static int (*real)(int, struct stat64 *);
  if (real == NULL) real = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
  int result = real(fd, st);
  if (result == 0) fix((struct stat *)st);
  return result;
}
