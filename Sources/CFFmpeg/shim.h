// FFmpeg 5.1 headers plus inline wrappers for the macros Swift cannot import.
#ifndef CAPTIONKIT_CFFMPEG_SHIM_H
#define CAPTIONKIT_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <errno.h>

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
/// The message for an AVERROR code, into a caller-owned buffer.
static inline void ck_error_string(int code, char *buf, size_t size) { av_strerror(code, buf, size); }
/// Silences libav* logging (the library never prints).
static inline void ck_quiet_logs(void) { av_log_set_level(AV_LOG_QUIET); }

#endif
