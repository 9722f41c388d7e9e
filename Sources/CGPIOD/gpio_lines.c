// The one place that knows which libgpiod the box was built against. libgpiod 1.x defines
// GPIOD_LINE_BULK_MAX_LINES (its line bulks); 2.x has no bulks and replaced the line API with requests.
#define _GNU_SOURCE
#include "CGPIOD.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gpiod.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
#define FOLIO_GPIOD_V1 1
#else
#define FOLIO_GPIOD_V1 0
#endif

static void copy_text(char *out, size_t size, const char *text) {
  if (size == 0) return;
  snprintf(out, size, "%s", text ? text : "");
}

static int all_digits(const char *text) {
  if (!*text) return 0;
  for (; *text; text++) if (*text < '0' || *text > '9') return 0;
  return 1;
}

static int set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0) return -1;
  return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// The chip handle and its closing are the same in both APIs.
struct folio_gpio_chip { struct gpiod_chip *chip; };

static folio_gpio_chip *wrap_chip(struct gpiod_chip *chip) {
  if (!chip) return NULL;
  folio_gpio_chip *result = calloc(1, sizeof *result);
  if (!result) { gpiod_chip_close(chip); errno = ENOMEM; return NULL; }
  result->chip = chip;
  return result;
}

void folio_gpio_chip_close(folio_gpio_chip *chip) {
  if (!chip) return;
  gpiod_chip_close(chip->chip);
  free(chip);
}

#if FOLIO_GPIOD_V1

struct folio_gpio_line { struct gpiod_line *line; int fd; };

folio_gpio_chip *folio_gpio_chip_open(const char *name) { return wrap_chip(gpiod_chip_open_lookup(name)); }

unsigned int folio_gpio_chip_line_count(folio_gpio_chip *chip) { return gpiod_chip_num_lines(chip->chip); }

void folio_gpio_chip_label(folio_gpio_chip *chip, char *label, size_t size) {
  copy_text(label, size, gpiod_chip_label(chip->chip));
}

int folio_gpio_line_offset(folio_gpio_chip *chip, const char *name) {
  struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
  return line ? (int)gpiod_line_offset(line) : -1;
}

int folio_gpio_line_consumer(folio_gpio_chip *chip, unsigned int offset, char *consumer, size_t size) {
  struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
  copy_text(consumer, size, "");
  if (!line) return 0;
  gpiod_line_update(line);
  if (!gpiod_line_is_used(line)) return 0;
  copy_text(consumer, size, gpiod_line_consumer(line));
  return 1;
}

static folio_gpio_line *wrap(struct gpiod_line *line, int fd) {
  folio_gpio_line *result = calloc(1, sizeof *result);
  if (!result) { gpiod_line_release(line); errno = ENOMEM; return NULL; }
  result->line = line;
  result->fd = fd;
  return result;
}

folio_gpio_line *folio_gpio_request_edges(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int pull_up) {
  struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
  if (!line) return NULL;
  int result = gpiod_line_request_both_edges_events_flags(line, consumer, pull_up ? GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP : 0);
  // Kernels before 5.5 have no bias setting: the board's own pull-ups (or an overlay) must do.
  if (result != 0 && pull_up && (errno == EINVAL || errno == EOPNOTSUPP))
    result = gpiod_line_request_both_edges_events_flags(line, consumer, 0);
  if (result != 0) return NULL;
  int fd = gpiod_line_event_get_fd(line);
  set_nonblocking(fd);
  return wrap(line, fd);
}

folio_gpio_line *folio_gpio_request_output(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int value) {
  struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
  if (!line) return NULL;
  if (gpiod_line_request_output(line, consumer, value) != 0) return NULL;
  return wrap(line, -1);
}

int folio_gpio_line_fd(folio_gpio_line *line) { return line->fd; }

int folio_gpio_read_edges(folio_gpio_line *line, folio_gpio_edge *edges, int capacity) {
  struct gpiod_line_event events[16];
  if (capacity > 16) capacity = 16;
  int count = gpiod_line_event_read_fd_multiple(line->fd, events, (unsigned int)capacity);
  if (count < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
  for (int i = 0; i < count; i++) {
    edges[i].seconds = events[i].ts.tv_sec;
    edges[i].nanoseconds = events[i].ts.tv_nsec;
    edges[i].rising = events[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
  }
  return count;
}

int folio_gpio_get_value(folio_gpio_line *line) { return gpiod_line_get_value(line->line); }
int folio_gpio_set_value(folio_gpio_line *line, int value) { return gpiod_line_set_value(line->line, value); }

void folio_gpio_release(folio_gpio_line *line) {
  if (!line) return;
  gpiod_line_release(line->line);
  free(line);
}

const char *folio_gpio_library_version(void) { return gpiod_version_string(); }
int folio_gpio_api_major(void) { return 1; }

#else  // libgpiod 2.x

struct folio_gpio_line {
  struct gpiod_line_request *request;
  struct gpiod_edge_event_buffer *buffer;
  unsigned int offset;
};

static struct gpiod_chip *open_path(const char *path) {
  return gpiod_is_gpiochip_device(path) ? gpiod_chip_open(path) : NULL;
}

static int label_matches(struct gpiod_chip *chip, const char *label) {
  struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
  if (!info) return 0;
  int same = strcmp(gpiod_chip_info_get_label(info), label) == 0;
  gpiod_chip_info_free(info);
  return same;
}

// What v1's gpiod_chip_open_lookup did: a path, a name, a number, or else a label.
folio_gpio_chip *folio_gpio_chip_open(const char *name) {
  char path[300];
  struct gpiod_chip *chip = NULL;
  if (strchr(name, '/')) {
    chip = open_path(name);
  } else if (all_digits(name)) {
    snprintf(path, sizeof path, "/dev/gpiochip%s", name);
    chip = open_path(path);
  } else if (strncmp(name, "gpiochip", 8) == 0 && all_digits(name + 8)) {
    snprintf(path, sizeof path, "/dev/%s", name);
    chip = open_path(path);
  } else {
    int denied = 0;
    DIR *dev = opendir("/dev");
    struct dirent *entry;
    while (dev && !chip && (entry = readdir(dev))) {
      if (strncmp(entry->d_name, "gpiochip", 8) != 0) continue;
      snprintf(path, sizeof path, "/dev/%s", entry->d_name);
      struct gpiod_chip *candidate = open_path(path);
      if (!candidate) { if (errno == EACCES || errno == EPERM) denied = 1; continue; }
      if (label_matches(candidate, name)) chip = candidate; else gpiod_chip_close(candidate);
    }
    if (dev) closedir(dev);
    if (!chip) errno = denied ? EACCES : ENOENT;
  }
  if (!chip && (errno == 0 || errno == ENOTTY || errno == EINVAL)) errno = ENOENT;
  return wrap_chip(chip);
}

unsigned int folio_gpio_chip_line_count(folio_gpio_chip *chip) {
  struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
  if (!info) return 0;
  unsigned int count = (unsigned int)gpiod_chip_info_get_num_lines(info);
  gpiod_chip_info_free(info);
  return count;
}

void folio_gpio_chip_label(folio_gpio_chip *chip, char *label, size_t size) {
  struct gpiod_chip_info *info = gpiod_chip_get_info(chip->chip);
  copy_text(label, size, info ? gpiod_chip_info_get_label(info) : "");
  if (info) gpiod_chip_info_free(info);
}

int folio_gpio_line_offset(folio_gpio_chip *chip, const char *name) {
  return gpiod_chip_get_line_offset_from_name(chip->chip, name);
}

int folio_gpio_line_consumer(folio_gpio_chip *chip, unsigned int offset, char *consumer, size_t size) {
  copy_text(consumer, size, "");
  struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
  if (!info) return 0;
  int used = gpiod_line_info_is_used(info);
  if (used) copy_text(consumer, size, gpiod_line_info_get_consumer(info));
  gpiod_line_info_free(info);
  return used;
}

static folio_gpio_line *request(folio_gpio_chip *chip, unsigned int offset, const char *consumer,
                                struct gpiod_line_settings *settings) {
  struct gpiod_line_config *lines = gpiod_line_config_new();
  struct gpiod_request_config *config = gpiod_request_config_new();
  struct gpiod_line_request *granted = NULL;
  if (lines && config && gpiod_line_config_add_line_settings(lines, &offset, 1, settings) == 0) {
    gpiod_request_config_set_consumer(config, consumer);
    granted = gpiod_chip_request_lines(chip->chip, config, lines);
  }
  int saved = errno;
  if (config) gpiod_request_config_free(config);
  if (lines) gpiod_line_config_free(lines);
  errno = saved;
  if (!granted) return NULL;
  folio_gpio_line *result = calloc(1, sizeof *result);
  if (!result) { gpiod_line_request_release(granted); errno = ENOMEM; return NULL; }
  result->request = granted;
  result->offset = offset;
  return result;
}

folio_gpio_line *folio_gpio_request_edges(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int pull_up) {
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  if (!settings) return NULL;
  gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
  gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
  gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC);
  if (pull_up) gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP);
  folio_gpio_line *line = request(chip, offset, consumer, settings);
  // A kernel without bias support: the board's own pull-ups (or an overlay) must do.
  if (!line && pull_up && (errno == EINVAL || errno == EOPNOTSUPP)) {
    gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_AS_IS);
    line = request(chip, offset, consumer, settings);
  }
  int saved = errno;
  gpiod_line_settings_free(settings);
  if (!line) { errno = saved; return NULL; }
  line->buffer = gpiod_edge_event_buffer_new(16);
  if (!line->buffer) { folio_gpio_release(line); errno = ENOMEM; return NULL; }
  set_nonblocking(gpiod_line_request_get_fd(line->request));
  return line;
}

folio_gpio_line *folio_gpio_request_output(folio_gpio_chip *chip, unsigned int offset, const char *consumer, int value) {
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  if (!settings) return NULL;
  gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
  gpiod_line_settings_set_output_value(settings, value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
  folio_gpio_line *line = request(chip, offset, consumer, settings);
  int saved = errno;
  gpiod_line_settings_free(settings);
  errno = saved;
  return line;
}

int folio_gpio_line_fd(folio_gpio_line *line) { return gpiod_line_request_get_fd(line->request); }

int folio_gpio_read_edges(folio_gpio_line *line, folio_gpio_edge *edges, int capacity) {
  if (!line->buffer) { errno = EINVAL; return -1; }
  if (capacity > 16) capacity = 16;
  int count = gpiod_line_request_read_edge_events(line->request, line->buffer, (size_t)capacity);
  if (count < 0) return (errno == EAGAIN || errno == EINTR) ? 0 : -1;
  for (int i = 0; i < count; i++) {
    struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(line->buffer, (unsigned long)i);
    uint64_t stamp = gpiod_edge_event_get_timestamp_ns(event);
    edges[i].seconds = (int64_t)(stamp / 1000000000u);
    edges[i].nanoseconds = (int64_t)(stamp % 1000000000u);
    edges[i].rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
  }
  return count;
}

int folio_gpio_get_value(folio_gpio_line *line) {
  enum gpiod_line_value value = gpiod_line_request_get_value(line->request, line->offset);
  return value == GPIOD_LINE_VALUE_ERROR ? -1 : value == GPIOD_LINE_VALUE_ACTIVE;
}

int folio_gpio_set_value(folio_gpio_line *line, int value) {
  return gpiod_line_request_set_value(line->request, line->offset,
                                      value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
}

void folio_gpio_release(folio_gpio_line *line) {
  if (!line) return;
  if (line->buffer) gpiod_edge_event_buffer_free(line->buffer);
  gpiod_line_request_release(line->request);
  free(line);
}

const char *folio_gpio_library_version(void) { return gpiod_api_version(); }
int folio_gpio_api_major(void) { return 2; }

#endif
