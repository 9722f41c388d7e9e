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
// Whether the device reports this code of this event type (EVIOCGBIT): a mouse has REL_Y, a knob does not.
static inline int folio_evdev_has(int fd, int type, int code) {
  unsigned char bits[KEY_MAX / 8 + 1] = {0};
  if (ioctl(fd, EVIOCGBIT(type, sizeof(bits)), bits) < 0) return 0;
  return (bits[code / 8] >> (code % 8)) & 1;
}
// Whether the device answers EVIOCGBIT at all: 0 for a FIFO or file standing in for one (the tests).
static inline int folio_evdev_is_evdev(int fd) {
  unsigned char bits[EV_MAX / 8 + 1] = {0};
  return ioctl(fd, EVIOCGBIT(0, sizeof(bits)), bits) >= 0;
}
// The range of an absolute axis (EVIOCGABS); returns -1 when the device has no such axis.
static inline int folio_evdev_abs_range(int fd, int axis, int *minimum, int *maximum) {
  struct input_absinfo info;
  if (ioctl(fd, EVIOCGABS(axis), &info) < 0) return -1;
  *minimum = info.minimum;
  *maximum = info.maximum;
  return 0;
}
#endif
