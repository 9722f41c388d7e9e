#ifndef FOLIOTELL_CALSA_SHIM_H
#define FOLIOTELL_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#include <sys/eventfd.h>

/* An eventfd that wakes a writer blocked in poll on the PCM's descriptors. */
static inline int folio_wake_descriptor(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* Swift cannot call the *_alloca macros; these wrap the malloc'd forms' error convention in one place. */
static inline int folio_snd_pcm_set_s16_params(snd_pcm_t *pcm, unsigned int rate, unsigned int channels,
                                               unsigned int latency_us) {
  return snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, channels, rate,
                            1, latency_us);
}

/* Whether the device can pause in hardware (snd_pcm_pause), read from its current hw params. */
static inline int folio_snd_pcm_can_pause(snd_pcm_t *pcm) {
  snd_pcm_hw_params_t *params = NULL;
  if (snd_pcm_hw_params_malloc(&params) < 0) return 0;
  int can = snd_pcm_hw_params_current(pcm, params) == 0 && snd_pcm_hw_params_can_pause(params);
  snd_pcm_hw_params_free(params);
  return can;
}
#endif

#ifndef FOLIOTELL_CALSA_CONFIGURE
#define FOLIOTELL_CALSA_CONFIGURE
/*
 * Interleaved S16 playback with a short period, so writes return (and word events are posted) every
 * few milliseconds, and a bounded buffer, so a stop or a jump has little to throw away. Playback starts
 * once two periods are queued. Returns 0 or a negative errno from the call that failed; *failed_call
 * names it.
 */
static inline int folio_snd_pcm_configure(snd_pcm_t *pcm, unsigned int rate, unsigned int channels,
                                          unsigned int buffer_us, unsigned int period_us,
                                          const char **failed_call) {
  snd_pcm_hw_params_t *hw = NULL;
  snd_pcm_sw_params_t *sw = NULL;
  int error;
  snd_pcm_uframes_t period = 0, buffer = 0;
  unsigned int exact_rate = rate;
  int dir = 0;
#define FOLIO_TRY(call) \
  if ((error = (call)) < 0) { *failed_call = #call; goto done; }
  FOLIO_TRY(snd_pcm_hw_params_malloc(&hw));
  FOLIO_TRY(snd_pcm_sw_params_malloc(&sw));
  FOLIO_TRY(snd_pcm_hw_params_any(pcm, hw));
  FOLIO_TRY(snd_pcm_hw_params_set_rate_resample(pcm, hw, 1));
  FOLIO_TRY(snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED));
  FOLIO_TRY(snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE));
  FOLIO_TRY(snd_pcm_hw_params_set_channels(pcm, hw, channels));
  FOLIO_TRY(snd_pcm_hw_params_set_rate_near(pcm, hw, &exact_rate, &dir));
  if (exact_rate != rate) { error = -EINVAL; *failed_call = "snd_pcm_hw_params_set_rate_near (rate not supported)"; goto done; }
  FOLIO_TRY(snd_pcm_hw_params_set_buffer_time_near(pcm, hw, &buffer_us, &dir));
  FOLIO_TRY(snd_pcm_hw_params_set_period_time_near(pcm, hw, &period_us, &dir));
  FOLIO_TRY(snd_pcm_hw_params(pcm, hw));
  FOLIO_TRY(snd_pcm_hw_params_get_period_size(hw, &period, &dir));
  FOLIO_TRY(snd_pcm_hw_params_get_buffer_size(hw, &buffer));
  FOLIO_TRY(snd_pcm_sw_params_current(pcm, sw));
  FOLIO_TRY(snd_pcm_sw_params_set_start_threshold(pcm, sw, period * 2 < buffer ? period * 2 : buffer));
  FOLIO_TRY(snd_pcm_sw_params_set_avail_min(pcm, sw, period));
  FOLIO_TRY(snd_pcm_sw_params(pcm, sw));
#undef FOLIO_TRY
done:
  if (hw) snd_pcm_hw_params_free(hw);
  if (sw) snd_pcm_sw_params_free(sw);
  return error < 0 ? error : 0;
}
#endif
