#include "narration_audio.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/log.h>
#include <libswresample/swresample.h>
#include <sonic.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * FFmpeg's libraries are opened when narration is first played, not linked: Debian's libavcodec brings
 * about a hundred libraries with it (x265, librsvg, gnutls...), whose pages would cost every process of
 * the box, text books too, some 20 MB of memory. The sonames are the ones the headers were built for.
 */
#define FOLIO_TEXT(x) #x
#define FOLIO_SONAME(lib, major) "lib" lib ".so." FOLIO_TEXT(major)

static struct {
  __typeof__(&av_channel_layout_copy) av_channel_layout_copy;
  __typeof__(&av_channel_layout_default) av_channel_layout_default;
  __typeof__(&av_channel_layout_uninit) av_channel_layout_uninit;
  __typeof__(&av_dict_get) av_dict_get;
  __typeof__(&av_frame_alloc) av_frame_alloc;
  __typeof__(&av_frame_free) av_frame_free;
  __typeof__(&av_frame_unref) av_frame_unref;
  __typeof__(&av_log_set_level) av_log_set_level;
  __typeof__(&av_strerror) av_strerror;
  __typeof__(&av_packet_alloc) av_packet_alloc;
  __typeof__(&av_packet_free) av_packet_free;
  __typeof__(&av_packet_unref) av_packet_unref;
  __typeof__(&avcodec_alloc_context3) avcodec_alloc_context3;
  __typeof__(&avcodec_flush_buffers) avcodec_flush_buffers;
  __typeof__(&avcodec_free_context) avcodec_free_context;
  __typeof__(&avcodec_open2) avcodec_open2;
  __typeof__(&avcodec_parameters_to_context) avcodec_parameters_to_context;
  __typeof__(&avcodec_receive_frame) avcodec_receive_frame;
  __typeof__(&avcodec_send_packet) avcodec_send_packet;
  __typeof__(&av_find_best_stream) av_find_best_stream;
  __typeof__(&av_read_frame) av_read_frame;
  __typeof__(&av_seek_frame) av_seek_frame;
  __typeof__(&avformat_close_input) avformat_close_input;
  __typeof__(&avformat_find_stream_info) avformat_find_stream_info;
  __typeof__(&avformat_open_input) avformat_open_input;
  __typeof__(&swr_alloc_set_opts2) swr_alloc_set_opts2;
  __typeof__(&swr_convert) swr_convert;
  __typeof__(&swr_free) swr_free;
  __typeof__(&swr_get_out_samples) swr_get_out_samples;
  __typeof__(&swr_init) swr_init;
} ff;
static pthread_once_t ff_once = PTHREAD_ONCE_INIT;
static int ff_ready;
static char ff_error[256];

static void *open_library(const char *soname) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_GLOBAL);
  if (!library && !ff_error[0]) {
    snprintf(ff_error, sizeof ff_error, "FFmpeg's %s cannot be loaded (%s); install it (apt install libavformat-dev or its library package)", soname, dlerror());
  }
  return library;
}

static void load_ffmpeg(void) {
  void *util = open_library(FOLIO_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR));
  void *codec = open_library(FOLIO_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR));
  void *format = open_library(FOLIO_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR));
  void *swresample = open_library(FOLIO_SONAME("swresample", LIBSWRESAMPLE_VERSION_MAJOR));
  if (!util || !codec || !format || !swresample) return;
#define FOLIO_FIND(library, name)                                                                   \
  if (!(ff.name = (__typeof__(ff.name))dlsym(library, #name))) {                                   \
    snprintf(ff_error, sizeof ff_error, "FFmpeg's library lacks %s: it is older than the box needs", #name); \
    return;                                                                                         \
  }
  FOLIO_FIND(util, av_channel_layout_copy)
  FOLIO_FIND(util, av_channel_layout_default)
  FOLIO_FIND(util, av_channel_layout_uninit)
  FOLIO_FIND(util, av_dict_get)
  FOLIO_FIND(util, av_frame_alloc)
  FOLIO_FIND(util, av_frame_free)
  FOLIO_FIND(util, av_frame_unref)
  FOLIO_FIND(util, av_log_set_level)
  FOLIO_FIND(util, av_strerror)
  FOLIO_FIND(codec, av_packet_alloc)
  FOLIO_FIND(codec, av_packet_free)
  FOLIO_FIND(codec, av_packet_unref)
  FOLIO_FIND(codec, avcodec_alloc_context3)
  FOLIO_FIND(codec, avcodec_flush_buffers)
  FOLIO_FIND(codec, avcodec_free_context)
  FOLIO_FIND(codec, avcodec_open2)
  FOLIO_FIND(codec, avcodec_parameters_to_context)
  FOLIO_FIND(codec, avcodec_receive_frame)
  FOLIO_FIND(codec, avcodec_send_packet)
  FOLIO_FIND(format, av_find_best_stream)
  FOLIO_FIND(format, av_read_frame)
  FOLIO_FIND(format, av_seek_frame)
  FOLIO_FIND(format, avformat_close_input)
  FOLIO_FIND(format, avformat_find_stream_info)
  FOLIO_FIND(format, avformat_open_input)
  FOLIO_FIND(swresample, swr_alloc_set_opts2)
  FOLIO_FIND(swresample, swr_convert)
  FOLIO_FIND(swresample, swr_free)
  FOLIO_FIND(swresample, swr_get_out_samples)
  FOLIO_FIND(swresample, swr_init)
#undef FOLIO_FIND
  ff.av_log_set_level(AV_LOG_QUIET);
  ff_ready = 1;
}

struct folio_audio {
  AVFormatContext *format;
  AVCodecContext *codec;
  SwrContext *resampler;
  sonicStream stretcher;
  AVPacket *packet;
  AVFrame *frame;
  int stream;
  int rate;
  double speed;
  /* Resampled samples not yet handed out (at speed 1.0) or not yet given to the stretcher. */
  int16_t *pending;
  int pending_count, pending_start, pending_capacity;
  /* After a seek: the time the next samples must start at; samples before it are dropped. */
  double seek_target;
  int aligning;
  int draining, ended, stretcher_flushed;
  double position;
  char error[160];
};

static void set_error(folio_audio *audio, const char *what, int code) {
  char reason[96] = "";
  if (code < 0) ff.av_strerror(code, reason, sizeof reason);
  snprintf(audio->error, sizeof audio->error, "%s%s%s", what, reason[0] ? ": " : "", reason);
}

static int make_resampler(folio_audio *audio) {
  ff.swr_free(&audio->resampler);
  AVChannelLayout mono = AV_CHANNEL_LAYOUT_MONO;
  AVChannelLayout input;
  memset(&input, 0, sizeof input);
  if (audio->codec->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || audio->codec->ch_layout.nb_channels == 0) {
    ff.av_channel_layout_default(&input, audio->codec->ch_layout.nb_channels > 0 ? audio->codec->ch_layout.nb_channels : 1);
  } else if (ff.av_channel_layout_copy(&input, &audio->codec->ch_layout) < 0) {
    return AVERROR(ENOMEM);
  }
  int result = ff.swr_alloc_set_opts2(&audio->resampler, &mono, AV_SAMPLE_FMT_S16, audio->rate, &input,
                                   audio->codec->sample_fmt, audio->codec->sample_rate, 0, NULL);
  ff.av_channel_layout_uninit(&input);
  if (result < 0) return result;
  return ff.swr_init(audio->resampler);
}

static void make_stretcher(folio_audio *audio) {
  if (audio->stretcher) sonicDestroyStream(audio->stretcher);
  audio->stretcher = NULL;
  audio->stretcher_flushed = 0;
  if (audio->speed > 0.999 && audio->speed < 1.001) return;
  audio->stretcher = sonicCreateStream(audio->rate, 1);
  if (audio->stretcher) sonicSetSpeed(audio->stretcher, (float)audio->speed);
}

int folio_audio_libraries(char *sonames, size_t sonames_size, char *error, size_t error_size) {
  pthread_once(&ff_once, load_ffmpeg);
  snprintf(sonames, sonames_size, "%s %s %s %s", FOLIO_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
           FOLIO_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR), FOLIO_SONAME("swresample", LIBSWRESAMPLE_VERSION_MAJOR),
           FOLIO_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR));
  snprintf(error, error_size, "%s", ff_error);
  return ff_ready;
}

folio_audio *folio_audio_open(const char *path, int rate, char *error, size_t error_size) {
  pthread_once(&ff_once, load_ffmpeg);
  if (!ff_ready) {
    snprintf(error, error_size, "%s", ff_error);
    return NULL;
  }
  folio_audio *audio = calloc(1, sizeof *audio);
  if (!audio) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  audio->rate = rate;
  audio->speed = 1.0;
  int result = ff.avformat_open_input(&audio->format, path, NULL, NULL);
  if (result < 0) {
    set_error(audio, "cannot open it", result);
    goto failed;
  }
  result = ff.avformat_find_stream_info(audio->format, NULL);
  if (result < 0) {
    set_error(audio, "cannot read its streams", result);
    goto failed;
  }
  const AVCodec *decoder = NULL;
  audio->stream = ff.av_find_best_stream(audio->format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
  if (audio->stream < 0 || !decoder) {
    set_error(audio, audio->stream == AVERROR_DECODER_NOT_FOUND ? "its sound is in a format the box cannot decode"
                                                                 : "it holds no sound", 0);
    goto failed;
  }
  audio->codec = ff.avcodec_alloc_context3(decoder);
  AVStream *stream = audio->format->streams[audio->stream];
  if (!audio->codec || ff.avcodec_parameters_to_context(audio->codec, stream->codecpar) < 0) {
    set_error(audio, "cannot set up its decoder", 0);
    goto failed;
  }
  audio->codec->pkt_timebase = stream->time_base;
  result = ff.avcodec_open2(audio->codec, decoder, NULL);
  if (result < 0) {
    set_error(audio, "cannot open its decoder", result);
    goto failed;
  }
  result = make_resampler(audio);
  if (result < 0) {
    set_error(audio, "cannot convert its sound", result);
    goto failed;
  }
  audio->packet = ff.av_packet_alloc();
  audio->frame = ff.av_frame_alloc();
  if (!audio->packet || !audio->frame) {
    set_error(audio, "out of memory", 0);
    goto failed;
  }
  return audio;
failed:
  snprintf(error, error_size, "%s", audio->error);
  folio_audio_close(audio);
  return NULL;
}

void folio_audio_close(folio_audio *audio) {
  if (!audio) return;
  if (audio->stretcher) sonicDestroyStream(audio->stretcher);
  ff.swr_free(&audio->resampler);
  ff.av_frame_free(&audio->frame);
  ff.av_packet_free(&audio->packet);
  ff.avcodec_free_context(&audio->codec);
  ff.avformat_close_input(&audio->format);
  free(audio->pending);
  free(audio);
}

double folio_audio_duration(const folio_audio *audio) {
  if (audio->format->duration != AV_NOPTS_VALUE && audio->format->duration > 0)
    return (double)audio->format->duration / AV_TIME_BASE;
  AVStream *stream = audio->format->streams[audio->stream];
  if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) return stream->duration * av_q2d(stream->time_base);
  return 0;
}

const char *folio_audio_codec(const folio_audio *audio) { return audio->codec->codec->name; }

int folio_audio_chapter_count(const folio_audio *audio) { return (int)audio->format->nb_chapters; }

void folio_audio_chapter(const folio_audio *audio, int index, double *start, double *end, char *title, size_t title_size) {
  const AVChapter *chapter = audio->format->chapters[index];
  *start = chapter->start * av_q2d(chapter->time_base);
  *end = chapter->end * av_q2d(chapter->time_base);
  const AVDictionaryEntry *entry = ff.av_dict_get(chapter->metadata, "title", NULL, 0);
  snprintf(title, title_size, "%s", entry ? entry->value : "");
}

int folio_audio_tag(const folio_audio *audio, const char *key, char *value, size_t value_size) {
  const AVDictionaryEntry *entry = ff.av_dict_get(audio->format->metadata, key, NULL, 0);
  if (!entry) entry = ff.av_dict_get(audio->format->streams[audio->stream]->metadata, key, NULL, 0);
  if (!entry || !entry->value[0]) return 0;
  snprintf(value, value_size, "%s", entry->value);
  return 1;
}

const char *folio_audio_error(const folio_audio *audio) { return audio->error; }

double folio_audio_position(const folio_audio *audio) { return audio->position; }

void folio_audio_set_speed(folio_audio *audio, double speed) {
  audio->speed = speed > 0.1 ? speed : 1.0;
  make_stretcher(audio);
}

int folio_audio_seek(folio_audio *audio, double seconds) {
  if (seconds < 0) seconds = 0;
  AVStream *stream = audio->format->streams[audio->stream];
  int64_t target = (int64_t)(seconds / av_q2d(stream->time_base));
  if (stream->start_time != AV_NOPTS_VALUE) target += stream->start_time;
  int result = ff.av_seek_frame(audio->format, audio->stream, target, AVSEEK_FLAG_BACKWARD);
  if (result < 0) result = ff.av_seek_frame(audio->format, audio->stream, target, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY);
  if (result < 0) {
    set_error(audio, "cannot seek in it", result);
    return result;
  }
  ff.avcodec_flush_buffers(audio->codec);
  result = make_resampler(audio);
  if (result < 0) {
    set_error(audio, "cannot convert its sound", result);
    return result;
  }
  make_stretcher(audio);
  audio->pending_count = audio->pending_start = 0;
  audio->draining = audio->ended = 0;
  audio->seek_target = seconds;
  audio->aligning = 1;
  audio->position = seconds;
  return 0;
}

static int reserve(folio_audio *audio, int count) {
  if (audio->pending_start > 0) {
    memmove(audio->pending, audio->pending + audio->pending_start, sizeof(int16_t) * audio->pending_count);
    audio->pending_start = 0;
  }
  int needed = audio->pending_count + count;
  if (needed <= audio->pending_capacity) return 0;
  int16_t *grown = realloc(audio->pending, sizeof(int16_t) * needed);
  if (!grown) return AVERROR(ENOMEM);
  audio->pending = grown;
  audio->pending_capacity = needed;
  return 0;
}

/* Resamples a decoded frame (or, with no frame, what the resampler still holds) onto the pending samples. */
static int convert(folio_audio *audio, const AVFrame *frame) {
  int input = frame ? frame->nb_samples : 0;
  int room = ff.swr_get_out_samples(audio->resampler, input) + 32;
  int result = reserve(audio, room);
  if (result < 0) return result;
  uint8_t *out = (uint8_t *)(audio->pending + audio->pending_count);
  int made = ff.swr_convert(audio->resampler, &out, room, frame ? (const uint8_t **)frame->extended_data : NULL, input);
  if (made < 0) return made;
  int skip = 0;
  if (audio->aligning && frame) {
    AVStream *stream = audio->format->streams[audio->stream];
    int64_t stamp = frame->best_effort_timestamp;
    if (stamp != AV_NOPTS_VALUE) {
      if (stream->start_time != AV_NOPTS_VALUE) stamp -= stream->start_time;
      double begins = stamp * av_q2d(stream->time_base);
      double early = audio->seek_target - begins;
      if (early > 0) {
        skip = (int)(early * audio->rate + 0.5);
        if (skip > made) {
          /* The whole frame is before the target: the next one is checked as well. */
          return 0;
        }
      }
    }
    audio->aligning = 0;
  }
  int kept = made - skip;
  if (skip > 0) memmove(out, (int16_t *)out + skip, sizeof(int16_t) * kept);
  audio->position += (double)kept / audio->rate;
  if (audio->stretcher) {
    sonicWriteShortToStream(audio->stretcher, (short *)out, kept);
  } else {
    audio->pending_count += kept;
  }
  return kept;
}

/* Decodes until some samples are pending (or given to the stretcher), or the file ends. */
static int decode_more(folio_audio *audio) {
  for (;;) {
    int result = ff.avcodec_receive_frame(audio->codec, audio->frame);
    if (result == 0) {
      result = convert(audio, audio->frame);
      ff.av_frame_unref(audio->frame);
      if (result < 0) {
        set_error(audio, "cannot convert its sound", result);
        return result;
      }
      return 1;
    }
    if (result == AVERROR_EOF) {
      convert(audio, NULL);
      audio->ended = 1;
      return 0;
    }
    if (result != AVERROR(EAGAIN)) {
      set_error(audio, "cannot decode its sound", result);
      return result;
    }
    result = ff.av_read_frame(audio->format, audio->packet);
    if (result < 0) {
      /* The end of the file (or a read error, which ends it as well): what the decoder holds is drained. */
      if (!audio->draining) ff.avcodec_send_packet(audio->codec, NULL);
      audio->draining = 1;
      continue;
    }
    if (audio->packet->stream_index == audio->stream) {
      /* A damaged packet is left out, as players do: the rest of the narration still plays. */
      ff.avcodec_send_packet(audio->codec, audio->packet);
    }
    ff.av_packet_unref(audio->packet);
  }
}

int folio_audio_read(folio_audio *audio, int16_t *samples, int capacity) {
  for (;;) {
    if (audio->stretcher) {
      int made = sonicReadShortFromStream(audio->stretcher, samples, capacity);
      if (made > 0) return made;
    } else if (audio->pending_count > 0) {
      int made = audio->pending_count < capacity ? audio->pending_count : capacity;
      memcpy(samples, audio->pending + audio->pending_start, sizeof(int16_t) * made);
      audio->pending_start += made;
      audio->pending_count -= made;
      return made;
    }
    if (audio->ended) {
      if (audio->stretcher && !audio->stretcher_flushed) {
        sonicFlushStream(audio->stretcher);
        audio->stretcher_flushed = 1;
        continue;
      }
      return 0;
    }
    int result = decode_more(audio);
    if (result < 0) return result;
  }
}
