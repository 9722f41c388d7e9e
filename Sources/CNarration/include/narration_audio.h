#ifndef FOLIOTELL_NARRATION_AUDIO_H
#define FOLIOTELL_NARRATION_AUDIO_H
#include <stddef.h>
#include <stdint.h>

/*
 * Narrated audio through FFmpeg (libavformat, libavcodec, libswresample) and Sonic: one file opened,
 * its length, chapters and tags read, and its sound decoded from any time in it as mono S16 at the
 * sound output's rate, sped up or slowed down without changing its pitch. C, because FFmpeg's API is
 * macros and unions that Swift imports badly (AVERROR, AV_NOPTS_VALUE, AVChannelLayout).
 *
 * Written against FFmpeg 5.1 (Debian 12) and 7.1 (Debian 13): AVChannelLayout and swr_alloc_set_opts2.
 */
typedef struct folio_audio folio_audio;

/* Loads FFmpeg's libraries (once). 1 when they load; else 0, with why in `error`. The sonames they are
   loaded by are written to `sonames` ("libavformat.so.61 ..."). */
int folio_audio_libraries(char *sonames, size_t sonames_size, char *error, size_t error_size);

/* Opens `path` for decoding at `rate` Hz, mono. NULL on failure, with why in `error`. */
folio_audio *folio_audio_open(const char *path, int rate, char *error, size_t error_size);
void folio_audio_close(folio_audio *audio);

/* The length in seconds (0 when the file does not say). */
double folio_audio_duration(const folio_audio *audio);
/* The codec's name ("mp3", "aac", "opus"...). */
const char *folio_audio_codec(const folio_audio *audio);

/* Chapters (M4B, MP3 with CHAP frames): their count, and each one's times and title (empty if none). */
int folio_audio_chapter_count(const folio_audio *audio);
void folio_audio_chapter(const folio_audio *audio, int index, double *start, double *end, char *title, size_t title_size);

/* A tag of the file or of its audio stream ("title", "album", "artist", "track"); 0 if absent. */
int folio_audio_tag(const folio_audio *audio, const char *key, char *value, size_t value_size);

/* The next samples are those from `seconds` on, to the sample. 0 or a negative error. */
int folio_audio_seek(folio_audio *audio, double seconds);
/* Speed (1.0 = as narrated); the pitch is kept. */
void folio_audio_set_speed(folio_audio *audio, double speed);
/* Up to `capacity` samples. Returns how many (0 at the end of the file), or a negative error. */
int folio_audio_read(folio_audio *audio, int16_t *samples, int capacity);
/* Where the samples read so far end, in seconds of the file (before the speed change). */
double folio_audio_position(const folio_audio *audio);
/* The last error as words. */
const char *folio_audio_error(const folio_audio *audio);

#endif
