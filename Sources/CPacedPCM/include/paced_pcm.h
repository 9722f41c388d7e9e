#ifndef FOLIOTELL_PACED_PCM_H
#define FOLIOTELL_PACED_PCM_H
#include <stddef.h>
#include <stdint.h>

/*
 * A virtual sound card: an ALSA ioplug PCM, in this process, that plays S16 audio in real time
 * (or `speed` times faster) on the monotonic clock, without hardware. The box drives it with the very
 * same snd_pcm_* calls it uses on a real card: writes block while the buffer is full, snd_pcm_delay
 * tells what is still queued, snd_pcm_drop discards the queue, snd_pcm_pause freezes it, and a buffer
 * that runs empty while running is an underrun (-EPIPE) as on hardware.
 *
 * Every frame it plays can be kept (folio_paced_pcm_set_recording), so tests can check what the
 * listener would have heard. Poll wake-ups come from a timerfd.
 */
typedef struct folio_paced_pcm folio_paced_pcm;

/* Opens the PCM. On success *pcm (an snd_pcm_t *, kept opaque here so that only the CALSA module
   imports alsa-lib's headers into Swift) and *paced are set; snd_pcm_close(*pcm) frees both.
   Returns 0 or a negative errno. */
int folio_paced_pcm_open(void **pcm, folio_paced_pcm **paced, const char *name, double speed, int can_pause);

void folio_paced_pcm_set_recording(folio_paced_pcm *paced, int enabled);
/* Frames played since the PCM was opened (over all starts and drops). */
uint64_t folio_paced_pcm_played_total(folio_paced_pcm *paced);
/* Copies up to `count` recorded samples (frames x channels) starting at sample `from`. Returns how many
   (none for samples forgotten). */
size_t folio_paced_pcm_copy_recorded(folio_paced_pcm *paced, int16_t *out, size_t from, size_t count);
/* Lets the recorded samples before sample `before` go (a bench listening from a press on needs none
   before it); asking for them later copies none. Sample indexes are kept. */
void folio_paced_pcm_forget_recorded(folio_paced_pcm *paced, size_t before);
/* Underruns seen (a running buffer that ran empty). */
unsigned folio_paced_pcm_underruns(folio_paced_pcm *paced);


/* Makes every following call fail with -ENODEV, as when a USB sound card is pulled out. */
void folio_paced_pcm_unplug(folio_paced_pcm *paced);

/* Stops alsa-lib printing its own messages to stderr: the box reports every failure itself, once,
   in words a person can act on. */
void folio_alsa_silence_library_messages(void);
#endif
