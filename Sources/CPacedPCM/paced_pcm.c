#include "paced_pcm.h"

#include <alsa/asoundlib.h>

#include <alsa/pcm_external.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

struct folio_paced_pcm {
  snd_pcm_ioplug_t io; /* first, so the ioplug pointer is the struct's */
  int timer_fd;
  double speed;
  pthread_mutex_t lock;

  int16_t *ring; /* buffer_size frames: what was written and not yet played */
  snd_pcm_uframes_t ring_frames;
  unsigned channels;

  uint64_t played; /* frames played since prepare; what was written is io.appl_ptr, which rewinds move back */
  uint64_t clock_base_played;
  uint64_t clock_base_ns;
  int running;
  int paused;
  int xrun; /* ran empty while running: -EPIPE until the next prepare, as on hardware */
  int unplugged; /* every call fails with -ENODEV, as a USB card that was pulled out */

  uint64_t played_total;
  unsigned underruns;
  int recording;
  int16_t *record;
  size_t record_samples, record_capacity;
  size_t record_first; /* the sample index of record[0]: what came before was forgotten */
};

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void keep_played(struct folio_paced_pcm *p, uint64_t from, uint64_t to) {
  p->played_total += to - from;
  if (!p->recording || !p->ring) return;
  size_t needed = p->record_samples + (size_t)(to - from) * p->channels;
  if (needed > p->record_capacity) {
    size_t capacity = p->record_capacity ? p->record_capacity : 65536;
    while (capacity < needed) capacity *= 2;
    int16_t *grown = realloc(p->record, capacity * sizeof(int16_t));
    if (!grown) return;
    p->record = grown;
    p->record_capacity = capacity;
  }
  for (uint64_t frame = from; frame < to; frame++) {
    memcpy(p->record + p->record_samples, p->ring + (frame % p->ring_frames) * p->channels,
           p->channels * sizeof(int16_t));
    p->record_samples += p->channels;
  }
}

/* Moves `played` to where the clock says the listener is; -EPIPE when the buffer ran empty. */
static int advance(struct folio_paced_pcm *p) {
  if (p->unplugged) return -ENODEV;
  if (p->xrun) return -EPIPE;
  if (!p->running || p->paused) return 0;
  uint64_t elapsed_ns = now_ns() - p->clock_base_ns;
  uint64_t due = p->clock_base_played + (uint64_t)((double)elapsed_ns * p->speed * p->io.rate / 1e9);
  uint64_t written = (uint64_t)p->io.appl_ptr;
  uint64_t target = due < written ? due : written;
  if (target > p->played) {
    keep_played(p, p->played, target);
    p->played = target;
  }
  if (due > written) {
    p->underruns++;
    p->xrun = 1;
    return -EPIPE;
  }
  return 0;
}

static snd_pcm_sframes_t paced_pointer(snd_pcm_ioplug_t *io) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  int status = advance(p);
  snd_pcm_sframes_t position = (snd_pcm_sframes_t)(p->played % io->buffer_size);
  pthread_mutex_unlock(&p->lock);
  return status < 0 ? status : position;
}

static snd_pcm_sframes_t paced_transfer(snd_pcm_ioplug_t *io, const snd_pcm_channel_area_t *areas,
                                        snd_pcm_uframes_t offset, snd_pcm_uframes_t size) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  if (p->unplugged) {
    pthread_mutex_unlock(&p->lock);
    return -ENODEV;
  }
  const char *base = (const char *)areas[0].addr + (areas[0].first + areas[0].step * offset) / 8;
  uint64_t at = (uint64_t)io->appl_ptr;
  for (snd_pcm_uframes_t frame = 0; frame < size; frame++) {
    memcpy(p->ring + ((at + frame) % p->ring_frames) * p->channels, base + frame * (areas[0].step / 8),
           p->channels * sizeof(int16_t));
  }
  pthread_mutex_unlock(&p->lock);
  return (snd_pcm_sframes_t)size;
}

static int paced_start(snd_pcm_ioplug_t *io) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  p->running = 1;
  p->paused = 0;
  p->clock_base_ns = now_ns();
  p->clock_base_played = p->played;
  pthread_mutex_unlock(&p->lock);
  return 0;
}

static int paced_stop(snd_pcm_ioplug_t *io) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  advance(p);
  p->running = 0;
  p->paused = 0;
  pthread_mutex_unlock(&p->lock);
  return 0;
}

static int paced_prepare(snd_pcm_ioplug_t *io) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  if (p->unplugged) {
    pthread_mutex_unlock(&p->lock);
    return -ENODEV;
  }
  if (p->ring_frames != io->buffer_size || p->channels != io->channels) {
    free(p->ring);
    p->ring_frames = io->buffer_size;
    p->channels = io->channels;
    p->ring = calloc(p->ring_frames * p->channels, sizeof(int16_t));
  }
  p->played = 0;
  p->running = p->paused = p->xrun = 0;
  pthread_mutex_unlock(&p->lock);
  if (!p->ring) return -ENOMEM;
  /* Wake pollers often enough for word events to be timely, whatever the period. */
  double period_ns = 1e9 * (double)io->period_size / io->rate / p->speed;
  double tick_ns = period_ns < 5e6 / p->speed ? period_ns : 5e6 / p->speed;
  if (tick_ns < 2e5) tick_ns = 2e5;
  struct itimerspec spec = {.it_interval = {0, (long)tick_ns}, .it_value = {0, (long)tick_ns}};
  if (timerfd_settime(p->timer_fd, 0, &spec, NULL) < 0) return -errno;
  return 0;
}

static int paced_pause(snd_pcm_ioplug_t *io, int enable) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  if (enable) {
    advance(p);
    p->paused = 1;
  } else {
    p->paused = 0;
    p->clock_base_ns = now_ns();
    p->clock_base_played = p->played;
  }
  pthread_mutex_unlock(&p->lock);
  return 0;
}

static int paced_poll_revents(snd_pcm_ioplug_t *io, struct pollfd *pfd, unsigned int nfds,
                              unsigned short *revents) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  uint64_t expirations;
  if (nfds > 0 && (pfd[0].revents & POLLIN)) (void)read(p->timer_fd, &expirations, sizeof expirations);
  *revents = io->stream == SND_PCM_STREAM_PLAYBACK ? POLLOUT : POLLIN;
  return 0;
}

static int paced_delay(snd_pcm_ioplug_t *io, snd_pcm_sframes_t *delay) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  pthread_mutex_lock(&p->lock);
  int status = advance(p);
  *delay = (snd_pcm_sframes_t)((uint64_t)io->appl_ptr - p->played);
  pthread_mutex_unlock(&p->lock);
  return status;
}

static int paced_close(snd_pcm_ioplug_t *io) {
  struct folio_paced_pcm *p = (struct folio_paced_pcm *)io;
  close(p->timer_fd);
  pthread_mutex_destroy(&p->lock);
  free(p->ring);
  free(p->record);
  free(p);
  return 0;
}

static const snd_pcm_ioplug_callback_t pausing_callbacks = {
    .start = paced_start, .stop = paced_stop, .pointer = paced_pointer, .transfer = paced_transfer,
    .close = paced_close, .prepare = paced_prepare, .pause = paced_pause,
    .poll_revents = paced_poll_revents, .delay = paced_delay,
};
static const snd_pcm_ioplug_callback_t plain_callbacks = {
    .start = paced_start, .stop = paced_stop, .pointer = paced_pointer, .transfer = paced_transfer,
    .close = paced_close, .prepare = paced_prepare,
    .poll_revents = paced_poll_revents, .delay = paced_delay,
};

int folio_paced_pcm_open(void **pcm, folio_paced_pcm **paced, const char *name, double speed, int can_pause) {
  if (speed <= 0) return -EINVAL;
  struct folio_paced_pcm *p = calloc(1, sizeof *p);
  if (!p) return -ENOMEM;
  p->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  if (p->timer_fd < 0) {
    int error = -errno;
    free(p);
    return error;
  }
  pthread_mutex_init(&p->lock, NULL);
  p->speed = speed;
  p->io.version = SND_PCM_IOPLUG_VERSION;
  p->io.name = "FolioTell paced virtual sound card";
  p->io.callback = can_pause ? &pausing_callbacks : &plain_callbacks;
  p->io.poll_fd = p->timer_fd;
  p->io.poll_events = POLLIN;
  p->io.flags = SND_PCM_IOPLUG_FLAG_MONOTONIC;
  int error = snd_pcm_ioplug_create(&p->io, name, SND_PCM_STREAM_PLAYBACK, 0);
  if (error < 0) {
    close(p->timer_fd);
    free(p);
    return error;
  }
  static const unsigned accesses[] = {SND_PCM_ACCESS_RW_INTERLEAVED};
  static const unsigned formats[] = {SND_PCM_FORMAT_S16_LE};
  if ((error = snd_pcm_ioplug_set_param_list(&p->io, SND_PCM_IOPLUG_HW_ACCESS, 1, accesses)) < 0 ||
      (error = snd_pcm_ioplug_set_param_list(&p->io, SND_PCM_IOPLUG_HW_FORMAT, 1, formats)) < 0 ||
      (error = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_CHANNELS, 1, 2)) < 0 ||
      (error = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_RATE, 8000, 48000)) < 0 ||
      (error = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_PERIOD_BYTES, 128, 64 * 1024)) < 0 ||
      (error = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_PERIODS, 2, 64)) < 0 ||
      (error = snd_pcm_ioplug_set_param_minmax(&p->io, SND_PCM_IOPLUG_HW_BUFFER_BYTES, 256, 1024 * 1024)) < 0) {
    snd_pcm_ioplug_delete(&p->io);
    return error;
  }
  *pcm = (void *)p->io.pcm;
  *paced = p;
  return 0;
}

void folio_paced_pcm_set_recording(folio_paced_pcm *p, int enabled) {
  pthread_mutex_lock(&p->lock);
  p->recording = enabled;
  pthread_mutex_unlock(&p->lock);
}

uint64_t folio_paced_pcm_played_total(folio_paced_pcm *p) {
  pthread_mutex_lock(&p->lock);
  advance(p);
  uint64_t total = p->played_total;
  pthread_mutex_unlock(&p->lock);
  return total;
}

size_t folio_paced_pcm_copy_recorded(folio_paced_pcm *p, int16_t *out, size_t from, size_t count) {
  pthread_mutex_lock(&p->lock);
  advance(p);
  size_t end = p->record_first + p->record_samples;
  size_t available = from >= p->record_first && from < end ? end - from : 0;
  size_t copied = count < available ? count : available;
  if (copied) memcpy(out, p->record + (from - p->record_first), copied * sizeof(int16_t));
  pthread_mutex_unlock(&p->lock);
  return copied;
}

void folio_paced_pcm_forget_recorded(folio_paced_pcm *p, size_t before) {
  pthread_mutex_lock(&p->lock);
  advance(p);
  if (before > p->record_first) {
    size_t drop = before - p->record_first;
    if (drop > p->record_samples) drop = p->record_samples;
    if (drop && p->record) memmove(p->record, p->record + drop, (p->record_samples - drop) * sizeof(int16_t));
    p->record_samples -= drop;
    p->record_first += drop;
    /* Handed back, so a long run's record holds only what is still asked for. */
    size_t capacity = p->record_capacity;
    while (capacity > 65536 && p->record_samples <= capacity / 4) capacity /= 2;
    if (capacity < p->record_capacity) {
      int16_t *shrunk = realloc(p->record, capacity * sizeof(int16_t));
      if (shrunk) {
        p->record = shrunk;
        p->record_capacity = capacity;
      }
    }
  }
  pthread_mutex_unlock(&p->lock);
}

unsigned folio_paced_pcm_underruns(folio_paced_pcm *p) {
  pthread_mutex_lock(&p->lock);
  unsigned count = p->underruns;
  pthread_mutex_unlock(&p->lock);
  return count;
}

static void ignore_library_message(const char *file, int line, const char *function, int err, const char *fmt, ...) {
  (void)file, (void)line, (void)function, (void)err, (void)fmt;
}

void folio_alsa_silence_library_messages(void) { snd_lib_error_set_handler(ignore_library_message); }

void folio_paced_pcm_unplug(folio_paced_pcm *p) {
  pthread_mutex_lock(&p->lock);
  p->unplugged = 1;
  pthread_mutex_unlock(&p->lock);
}
