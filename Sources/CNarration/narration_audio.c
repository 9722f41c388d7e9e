#include "narration_audio.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/log.h>
#include <libswresample/swresample.h>
#include <sonic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  if (code < 0) av_strerror(code, reason, sizeof reason);
  snprintf(audio->error, sizeof audio->error, "%s%s%s", what, reason[0] ? ": " : "", reason);
}

static int make_resampler(folio_audio *audio) {
  swr_free(&audio->resampler);
  AVChannelLayout mono = AV_CHANNEL_LAYOUT_MONO;
  AVChannelLayout input;
  if (audio->codec->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || audio->codec->ch_layout.nb_channels == 0) {
    av_channel_layout_default(&input, audio->codec->ch_layout.nb_channels > 0 ? audio->codec->ch_layout.nb_channels : 1);
  } else if (av_channel_layout_copy(&input, &audio->codec->ch_layout) < 0) {
    return AVERROR(ENOMEM);
  }
  int result = swr_alloc_set_opts2(&audio->resampler, &mono, AV_SAMPLE_FMT_S16, audio->rate, &input,
                                   audio->codec->sample_fmt, audio->codec->sample_rate, 0, NULL);
  av_channel_layout_uninit(&input);
  if (result < 0) return result;
  return swr_init(audio->resampler);
}

static void make_stretcher(folio_audio *audio) {
  if (audio->stretcher) sonicDestroyStream(audio->stretcher);
  audio->stretcher = NULL;
  audio->stretcher_flushed = 0;
  if (audio->speed > 0.999 && audio->speed < 1.001) return;
  audio->stretcher = sonicCreateStream(audio->rate, 1);
  if (audio->stretcher) sonicSetSpeed(audio->stretcher, (float)audio->speed);
}

folio_audio *folio_audio_open(const char *path, int rate, char *error, size_t error_size) {
  av_log_set_level(AV_LOG_QUIET);
  folio_audio *audio = calloc(1, sizeof *audio);
  if (!audio) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  audio->rate = rate;
  audio->speed = 1.0;
  int result = avformat_open_input(&audio->format, path, NULL, NULL);
  if (result < 0) {
    set_error(audio, "cannot open it", result);
    goto failed;
  }
  result = avformat_find_stream_info(audio->format, NULL);
  if (result < 0) {
    set_error(audio, "cannot read its streams", result);
    goto failed;
  }
  const AVCodec *decoder = NULL;
  audio->stream = av_find_best_stream(audio->format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
  if (audio->stream < 0 || !decoder) {
    set_error(audio, audio->stream == AVERROR_DECODER_NOT_FOUND ? "its sound is in a format the box cannot decode"
                                                                 : "it holds no sound", 0);
    goto failed;
  }
  audio->codec = avcodec_alloc_context3(decoder);
  AVStream *stream = audio->format->streams[audio->stream];
  if (!audio->codec || avcodec_parameters_to_context(audio->codec, stream->codecpar) < 0) {
    set_error(audio, "cannot set up its decoder", 0);
    goto failed;
  }
  audio->codec->pkt_timebase = stream->time_base;
  result = avcodec_open2(audio->codec, decoder, NULL);
  if (result < 0) {
    set_error(audio, "cannot open its decoder", result);
    goto failed;
  }
  result = make_resampler(audio);
  if (result < 0) {
    set_error(audio, "cannot convert its sound", result);
    goto failed;
  }
  audio->packet = av_packet_alloc();
  audio->frame = av_frame_alloc();
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
  swr_free(&audio->resampler);
  av_frame_free(&audio->frame);
  av_packet_free(&audio->packet);
  avcodec_free_context(&audio->codec);
  avformat_close_input(&audio->format);
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
  const AVDictionaryEntry *entry = av_dict_get(chapter->metadata, "title", NULL, 0);
  snprintf(title, title_size, "%s", entry ? entry->value : "");
}

int folio_audio_tag(const folio_audio *audio, const char *key, char *value, size_t value_size) {
  const AVDictionaryEntry *entry = av_dict_get(audio->format->metadata, key, NULL, 0);
  if (!entry) entry = av_dict_get(audio->format->streams[audio->stream]->metadata, key, NULL, 0);
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
  int result = av_seek_frame(audio->format, audio->stream, target, AVSEEK_FLAG_BACKWARD);
  if (result < 0) result = av_seek_frame(audio->format, audio->stream, target, AVSEEK_FLAG_BACKWARD | AVSEEK_FLAG_ANY);
  if (result < 0) {
    set_error(audio, "cannot seek in it", result);
    return result;
  }
  avcodec_flush_buffers(audio->codec);
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
  int room = swr_get_out_samples(audio->resampler, input) + 32;
  int result = reserve(audio, room);
  if (result < 0) return result;
  uint8_t *out = (uint8_t *)(audio->pending + audio->pending_count);
  int made = swr_convert(audio->resampler, &out, room, frame ? (const uint8_t **)frame->extended_data : NULL, input);
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
    int result = avcodec_receive_frame(audio->codec, audio->frame);
    if (result == 0) {
      result = convert(audio, audio->frame);
      av_frame_unref(audio->frame);
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
    result = av_read_frame(audio->format, audio->packet);
    if (result < 0) {
      /* The end of the file (or a read error, which ends it as well): what the decoder holds is drained. */
      if (!audio->draining) avcodec_send_packet(audio->codec, NULL);
      audio->draining = 1;
      continue;
    }
    if (audio->packet->stream_index == audio->stream) {
      /* A damaged packet is left out, as players do: the rest of the narration still plays. */
      avcodec_send_packet(audio->codec, audio->packet);
    }
    av_packet_unref(audio->packet);
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
