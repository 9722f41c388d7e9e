#ifndef FOLIOTELL_CGPIOD_SHIM_H
#define FOLIOTELL_CGPIOD_SHIM_H
#include <gpiod.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <time.h>
#include <sys/eventfd.h>

// The evdev ioctls are macros Swift cannot import.
static inline int folio_evdev_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, grab); }
static inline int folio_evdev_name(int fd, char *name, int size) { return ioctl(fd, EVIOCGNAME(size), name); }
static inline int folio_evdev_monotonic(int fd) { int clock = CLOCK_MONOTONIC; return ioctl(fd, EVIOCSCLOCKID, &clock); }
#endif
