#ifndef FOLIOTELL_CGPIOD_H
#define FOLIOTELL_CGPIOD_H
// GPIO lines through libgpiod, whichever major version it was compiled against (1.6 on Debian 12 and
// Raspberry Pi OS 12, 2.x on Debian 13): the Swift side sees only these functions, never gpiod.h.
// And the evdev ioctls, which are macros Swift cannot import.
#include <linux/input.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <time.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>

typedef struct folio_gpio_chip folio_gpio_chip;
/// One requested line: for edges (input, both edges, kernel timestamps on the monotonic clock) or output.
typedef struct folio_gpio_line folio_gpio_line;

typedef struct {
  int64_t seconds;
  int64_t nanoseconds;
  int rising;
} folio_gpio_edge;

/// The chip by name ("gpiochip0"), path ("/dev/gpiochip0"), number ("0") or label ("pinctrl-bcm2711").
/// NULL with errno set (ENOENT when no chip has that name or label).
folio_gpio_chip *folio_gpio_chip_open(const char *name);
void folio_gpio_chip_close(folio_gpio_chip *chip);
/// The chip's number of lines, and its label copied into `label` (empty when it has none).
unsigned int folio_gpio_chip_line_count(folio_gpio_chip *chip);
void folio_gpio_chip_label(folio_gpio_chip *chip, char *label, size_t size);
/// The offset of the line with this name, or -1 when the chip has none.
int folio_gpio_line_offset(folio_gpio_chip *chip, const char *name);
/// Whether the line is in use and by whom: 1 with its consumer copied into `consumer`, 0 when free.
int folio_gpio_line_consumer(folio_gpio_chip *chip, unsigned int offset, char *consumer, size_t size);

/// Requests the line for both edges with the kernel's monotonic timestamps and, when `pull_up`, the pull-up
/// bias (dropped on kernels that have no bias setting). NULL with errno set (EBUSY: in use).
folio_gpio_line *folio_gpio_request_edges(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int pull_up);
/// Requests the line as an output at `value`. NULL with errno set.
folio_gpio_line *folio_gpio_request_output(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int value);
/// The descriptor that becomes readable when edges wait (non-blocking).
int folio_gpio_line_fd(folio_gpio_line *line);
/// The edges waiting, at most `capacity`: their count, 0 when none waits, -1 with errno on an error.
int folio_gpio_read_edges(folio_gpio_line *line, folio_gpio_edge *edges, int capacity);
/// The line's physical level (0 or 1), -1 with errno on an error.
int folio_gpio_get_value(folio_gpio_line *line);
int folio_gpio_set_value(folio_gpio_line *line, int value);
void folio_gpio_release(folio_gpio_line *line);

/// libgpiod's version as it reports it ("1.6.3", "2.2.1"), and the major version the shim was built for.
const char *folio_gpio_library_version(void);
int folio_gpio_api_major(void);

// The evdev ioctls.
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
