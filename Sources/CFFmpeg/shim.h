// FFmpeg 5.1 headers, inline wrappers for the macros Swift cannot import, and the libav*
// functions CaptionKit calls, loaded with dlopen at first use.
//
// Why dlopen: libavcodec pulls in about 120 shared libraries (codecs, GnuTLS, X11, GLib...).
// Linked normally they load, relocate and run their constructors in every `captionkit`
// process, which took most of the start-up time and half the memory of commands that never
// touch media (validate, lint, convert). Loaded on demand, only `inspect`, `extract` and
// `validate MEDIA` pay for them.
#ifndef CAPTIONKIT_CFFMPEG_SHIM_H
#define CAPTIONKIT_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

/// AVERROR_EOF (a function-like macro built from FFERRTAG).
static inline int ck_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(EAGAIN).
static inline int ck_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR(e) for any POSIX errno value.
static inline int ck_averror(int e) { return AVERROR(e); }
/// AV_NOPTS_VALUE (an INT64 cast macro).
static inline int64_t ck_nopts_value(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE.
static inline int ck_time_base(void) { return AV_TIME_BASE; }
/// FF_CODEC_PROPERTY_CLOSED_CAPTIONS.
static inline unsigned ck_codec_property_closed_captions(void) { return FF_CODEC_PROPERTY_CLOSED_CAPTIONS; }

#define CK_STRINGIFY2(x) #x
#define CK_STRINGIFY(x) CK_STRINGIFY2(x)

// Every libav* function CaptionKit calls: X(return type, name, parameters, arguments, library),
// V(name, parameters, arguments, library) for those that return nothing.
#define CK_FFMPEG_FUNCTIONS(X, V) \
  V(av_log_set_level, (int level), (level), util) \
  X(int, av_strerror, (int errnum, char *buf, size_t size), (errnum, buf, size), util) \
  X(int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags), util) \
  X(AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags), (m, key, prev, flags), util) \
  V(av_dict_free, (AVDictionary **m), (m), util) \
  X(AVFrame *, av_frame_alloc, (void), (), util) \
  V(av_frame_free, (AVFrame **frame), (frame), util) \
  V(av_frame_unref, (AVFrame *frame), (frame), util) \
  X(AVFrameSideData *, av_frame_get_side_data, (const AVFrame *frame, enum AVFrameSideDataType type), (frame, type), util) \
  X(AVPacket *, av_packet_alloc, (void), (), codec) \
  V(av_packet_free, (AVPacket **pkt), (pkt), codec) \
  V(av_packet_unref, (AVPacket *pkt), (pkt), codec) \
  X(uint8_t *, av_packet_get_side_data, (const AVPacket *pkt, enum AVPacketSideDataType type, size_t *size), (pkt, type, size), codec) \
  X(const char *, avcodec_get_name, (enum AVCodecID id), (id), codec) \
  X(const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id), codec) \
  X(AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec), codec) \
  V(avcodec_free_context, (AVCodecContext **avctx), (avctx), codec) \
  X(int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par), codec) \
  X(int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), (avctx, codec, options), codec) \
  X(int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt), codec) \
  X(int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame), codec) \
  X(int, avcodec_decode_subtitle2, (AVCodecContext *avctx, AVSubtitle *sub, int *got_sub_ptr, const AVPacket *avpkt), (avctx, sub, got_sub_ptr, avpkt), codec) \
  V(avsubtitle_free, (AVSubtitle *sub), (sub), codec) \
  X(int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), (ps, url, fmt, options), format) \
  X(int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options), format) \
  V(avformat_close_input, (AVFormatContext **s), (s), format) \
  X(int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt), format)

/// The loaded functions (filled once by `ck_ffmpeg_load`).
struct ck_ffmpeg_table {
#define CK_FIELD(ret, name, params, args, lib) ret (*name) params;
#define CK_VFIELD(name, params, args, lib) void (*name) params;
  CK_FFMPEG_FUNCTIONS(CK_FIELD, CK_VFIELD)
#undef CK_FIELD
#undef CK_VFIELD
};

/// The loader's state. (Static locals of an inline function, not file-scope statics: Swift's
/// importer emits the functions of this header, not its variables.)
struct ck_ffmpeg_state {
  struct ck_ffmpeg_table fns;
  char error[512];
  int loaded;
};

static inline struct ck_ffmpeg_state *ck_ffmpeg_state(void) {
  static struct ck_ffmpeg_state state;
  return &state;
}

static inline void ck_ffmpeg_load_once(void) {
  struct ck_ffmpeg_state *st = ck_ffmpeg_state();
  // The sonames of the libraries these headers describe (libavformat.so.59 for FFmpeg 5.1).
  static const char *const names[3] = {
    "libavutil.so." CK_STRINGIFY(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec.so." CK_STRINGIFY(LIBAVCODEC_VERSION_MAJOR),
    "libavformat.so." CK_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR),
  };
  void *handles[3];
  for (int i = 0; i < 3; i++) {
    handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      const char *e = dlerror();
      snprintf(st->error, sizeof st->error, "cannot load %s: %s", names[i], e ? e : "unknown error");
      return;
    }
  }
  // Named as CK_FFMPEG_FUNCTIONS names the library of each function.
  void *util = handles[0], *codec = handles[1], *format = handles[2];
#define CK_VRESOLVE(name, params, args, lib) \
  *(void **)(&st->fns.name) = dlsym(lib, #name); \
  if (!st->fns.name) { \
    snprintf(st->error, sizeof st->error, "libav%s has no function %s", #lib, #name); \
    return; \
  }
#define CK_RESOLVE(ret, name, params, args, lib) CK_VRESOLVE(name, params, args, lib)
  CK_FFMPEG_FUNCTIONS(CK_RESOLVE, CK_VRESOLVE)
#undef CK_RESOLVE
#undef CK_VRESOLVE
  // The library never prints: silence libav* logging.
  st->fns.av_log_set_level(AV_LOG_QUIET);
  st->loaded = 1;
}

/// Loads libavutil, libavcodec and libavformat and resolves every function below; idempotent
/// and thread-safe. Returns 1 on success, 0 on failure (then `ck_ffmpeg_load_error` says why).
/// Call it, and check it, before any other `ck_` function that wraps a libav* call.
static inline int ck_ffmpeg_load(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, ck_ffmpeg_load_once);
  return ck_ffmpeg_state()->loaded;
}

/// Why `ck_ffmpeg_load` failed (an empty string if it did not).
static inline const char *ck_ffmpeg_load_error(void) { return ck_ffmpeg_state()->error; }

// ck_NAME(...) calls libav* function NAME through the loaded table.
#define CK_WRAPPER(ret, name, params, args, lib) \
  static inline ret ck_##name params { return ck_ffmpeg_state()->fns.name args; }
#define CK_VWRAPPER(name, params, args, lib) \
  static inline void ck_##name params { ck_ffmpeg_state()->fns.name args; }
CK_FFMPEG_FUNCTIONS(CK_WRAPPER, CK_VWRAPPER)
#undef CK_WRAPPER
#undef CK_VWRAPPER

/// The message for an AVERROR code, into a caller-owned buffer.
static inline void ck_error_string(int code, char *buf, size_t size) { ck_av_strerror(code, buf, size); }

#endif
