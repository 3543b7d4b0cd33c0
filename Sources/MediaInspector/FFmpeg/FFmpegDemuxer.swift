import CaptionCore
import CFFmpeg

/// The single owner of every libav* pointer the inspector uses: the demuxer context, one packet,
/// one frame and any decoder contexts. Each is allocated here and freed in `deinit` (or by a
/// `defer` in the function that made it), so nothing leaks on early exits and no C type leaves
/// this file.
///
/// Opening is restricted to local files (`protocol_whitelist=file`) and to container demuxers
/// (`format_whitelist`), so a crafted file cannot make FFmpeg fetch URLs or follow playlists.
final class FFmpegDemuxer {
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  fileprivate var formatContext: UnsafeMutablePointer<AVFormatContext>? { format }
  fileprivate var packetBuffer: UnsafeMutablePointer<AVPacket>? { packet }
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var decoders: [Int: UnsafeMutablePointer<AVCodecContext>] = [:]

  /// Demuxers the inspector accepts: ISO BMFF/QuickTime, Matroska/WebM, MPEG-TS/PS, AVI, FLV, ASF.
  static let allowedFormats = "mov,matroska,mpegts,mpeg,avi,flv,asf"

  /// Opens and probes a file.
  /// - Throws: `MediaInspectorError.notMedia` with FFmpeg's error text.
  init(path: String) throws(MediaInspectorError) {
    guard ck_ffmpeg_load() != 0 else {
      throw .notMedia(path, reason: "FFmpeg's libraries are not available (" + String(cString: ck_ffmpeg_load_error()) + "); install libavformat59")
    }
    var options: OpaquePointer? = nil
    defer { ck_av_dict_free(&options) }
    ck_av_dict_set(&options, "protocol_whitelist", "file", 0)
    ck_av_dict_set(&options, "format_whitelist", FFmpegDemuxer.allowedFormats, 0)
    var ctx: UnsafeMutablePointer<AVFormatContext>? = nil
    // "file:" keeps a name such as "http:x" or "concat:a|b" from selecting another protocol.
    let r = ck_avformat_open_input(&ctx, "file:" + path, nil, &options)
    guard r >= 0, let ctx else { throw .notMedia(path, reason: FFmpegDemuxer.errorText(r)) }
    format = ctx
    let r2 = ck_avformat_find_stream_info(ctx, nil)
    if r2 < 0 {
      throw .notMedia(path, reason: FFmpegDemuxer.errorText(r2))
    }
    packet = ck_av_packet_alloc()
    frame = ck_av_frame_alloc()
  }

  deinit {
    for d in decoders.values {
      var p: UnsafeMutablePointer<AVCodecContext>? = d
      ck_avcodec_free_context(&p)
    }
    ck_av_frame_free(&frame)
    ck_av_packet_free(&packet)
    ck_avformat_close_input(&format)
  }

  static func errorText(_ code: Int32) -> String {
    var buf = [CChar](repeating: 0, count: 256)
    buf.withUnsafeMutableBufferPointer { ck_error_string(code, $0.baseAddress, 256) }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// FFmpeg's demuxer name (`mov,mp4,m4a,3gp,3g2,mj2`).
  var formatName: String {
    guard let f = format?.pointee.iformat?.pointee.name else { return "" }
    return String(cString: f)
  }

  /// The container duration, if known.
  var duration: MediaTime? {
    guard let d = format?.pointee.duration, d != ck_nopts_value(), d >= 0 else { return nil }
    return MediaTime(ticks: d, num: 1, den: ck_time_base())
  }

  /// Every stream, copied into Swift values.
  var streams: [FFmpegStream] {
    guard let format else { return [] }
    let n = Int(format.pointee.nb_streams)
    var out: [FFmpegStream] = []
    for i in 0..<n {
      guard let st = format.pointee.streams[i], let par = st.pointee.codecpar else { continue }
      let type: String
      switch par.pointee.codec_type {
      case AVMEDIA_TYPE_VIDEO: type = "video"
      case AVMEDIA_TYPE_AUDIO: type = "audio"
      case AVMEDIA_TYPE_SUBTITLE: type = "subtitle"
      case AVMEDIA_TYPE_DATA: type = "data"
      case AVMEDIA_TYPE_ATTACHMENT: type = "attachment"
      default: type = "unknown"
      }
      var meta: [(String, String)] = []
      var tag: UnsafeMutablePointer<AVDictionaryEntry>? = nil
      while let t = ck_av_dict_get(st.pointee.metadata, "", tag, 2 /* AV_DICT_IGNORE_SUFFIX */) {
        if let k = t.pointee.key, let v = t.pointee.value { meta.append((String(cString: k), String(cString: v))) }
        tag = t
      }
      var extra: [UInt8] = []
      if let e = par.pointee.extradata, par.pointee.extradata_size > 0 {
        extra = Array(UnsafeBufferPointer(start: e, count: Int(min(par.pointee.extradata_size, 1 << 16))))
      }
      let start = st.pointee.start_time
      let dur = st.pointee.duration
      out.append(
        FFmpegStream(
          index: i, id: Int(st.pointee.id), mediaType: type,
          codecName: String(cString: ck_avcodec_get_name(par.pointee.codec_id)),
          codecTag: FourCC.string(par.pointee.codec_tag), dispositionBits: st.pointee.disposition,
          metadata: meta, extradata: extra, timeBaseNum: st.pointee.time_base.num, timeBaseDen: st.pointee.time_base.den,
          startTime: start == ck_nopts_value() ? nil : start, duration: dur == ck_nopts_value() ? nil : dur))
    }
    return out
  }

  /// Reads every packet once: counts subtitle packets and the time span they cover, and decodes
  /// the first `ccBudgetSeconds` of each H.264/HEVC/MPEG-2 video stream looking for A/53 caption
  /// side data (`nil` budget: the whole file; `ccScan == false`: no decoding).
  ///
  /// - Parameter maxPackets: hard cap on packets read, so a damaged file cannot loop forever.
  func scanPackets(textStreams: Set<Int>, ccScan: Bool, ccBudgetSeconds: Double?, maxPackets: Int) -> PacketScan {
    var result = PacketScan()
    guard let format, let packet, let frame else { return result }
    let all = streams
    var ccStates: [Int: (scan: ClosedCaptionScan, parser: CCDataParser, limit: Int64?, done: Bool)] = [:]
    if ccScan {
      for s in all where s.mediaType == "video" && ["h264", "hevc", "mpeg2video"].contains(s.codecName) {
        guard let st = format.pointee.streams[s.index], let dec = openDecoder(stream: st) else { continue }
        decoders[s.index] = dec
        var scan = ClosedCaptionScan(streamIndex: s.index, codec: s.codecName)
        scan.budgetSeconds = ccBudgetSeconds
        var limit: Int64? = nil
        if let b = ccBudgetSeconds, s.timeBaseNum > 0 {
          let ticks = b * Double(s.timeBaseDen) / Double(s.timeBaseNum)
          limit = (s.startTime ?? 0) &+ Int64(min(ticks, 9e15))
        }
        ccStates[s.index] = (scan, CCDataParser(), limit, false)
      }
    }
    for i in textStreams { result.text[i] = PacketScan.TextStats() }
    // Streams nobody asked about are discarded, so the demuxer skips their data instead of
    // reading it (MP4 seeks from text sample to text sample; Matroska skips the blocks).
    for i in 0..<Int(format.pointee.nb_streams) where result.text[i] == nil && ccStates[i] == nil {
      format.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
    }
    var count = 0
    while true {
      if count >= maxPackets {
        result.truncated = true
        break
      }
      let r = ck_av_read_frame(format, packet)
      if r < 0 { break }
      count += 1
      defer { ck_av_packet_unref(packet) }
      let si = Int(packet.pointee.stream_index)
      if result.text[si] != nil, let st = format.pointee.streams[si], !FFmpegDemuxer.isEmptyCue(packet, st) {
        let tb = st.pointee.time_base
        var stats = result.text[si]!
        // A DVB subtitle packet is a cue only when it shows a new page with regions: pages that
        // repeat the version shown, and pages that clear the screen, are not cues.
        if st.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_DVB_SUBTITLE {
          // A packet with no readable page composition shows no new page.
          guard let d = packet.pointee.data, let page = DVBDisplaySet(UnsafeBufferPointer(start: d, count: Int(packet.pointee.size))) else {
            continue
          }
          let repeated = page.version == stats.dvbVersion
          stats.dvbVersion = page.version
          if repeated || page.regionCount == 0 {
            // A clear ends the cue shown.
            let pts = packet.pointee.pts != ck_nopts_value() ? packet.pointee.pts : packet.pointee.dts
            if !repeated, stats.count > 0, pts != ck_nopts_value() {
              let end = MediaTime(ticks: pts, num: tb.num, den: tb.den)
              if stats.lastEnd.map({ end > $0 }) ?? true { stats.lastEnd = end }
            }
            result.text[si] = stats
            continue
          }
        }
        stats.count += 1
        let pts = packet.pointee.pts != ck_nopts_value() ? packet.pointee.pts : packet.pointee.dts
        if pts != ck_nopts_value() {
          let start = MediaTime(ticks: pts, num: tb.num, den: tb.den)
          let end = MediaTime(ticks: pts &+ max(0, packet.pointee.duration), num: tb.num, den: tb.den)
          if stats.firstStart.map({ start < $0 }) ?? true { stats.firstStart = start }
          if stats.lastEnd.map({ end > $0 }) ?? true { stats.lastEnd = end }
        }
        result.text[si] = stats
      }
      if var state = ccStates[si], !state.done, let dec = decoders[si] {
        if let limit = state.limit, packet.pointee.pts != ck_nopts_value(), packet.pointee.pts > limit {
          state.done = true
          format.pointee.streams[si]?.pointee.discard = AVDISCARD_ALL  // the budget is spent
          drain(dec, frame: frame, flush: true, state: &state.scan, parser: &state.parser)
        } else if ck_avcodec_send_packet(dec, packet) >= 0 {
          drain(dec, frame: frame, flush: false, state: &state.scan, parser: &state.parser)
        }
        ccStates[si] = state
      }
      if textStreams.isEmpty && !ccStates.isEmpty && ccStates.values.allSatisfy(\.done) { break }
    }
    for (si, var state) in ccStates.sorted(by: { $0.key < $1.key }) {
      if let dec = decoders[si] {
        if !state.done { drain(dec, frame: frame, flush: true, state: &state.scan, parser: &state.parser) }
        state.scan.decoderFlaggedCaptions = dec.pointee.properties & ck_codec_property_closed_captions() != 0
      }
      state.scan.channels608 = state.parser.channels608
      state.scan.services708 = state.parser.services708
      if result.truncated { state.scan.note = "packet limit reached" }
      result.closedCaptions.append(state.scan)
    }
    return result
  }

  /// Whether a subtitle packet carries no text: size 0, or a mov_text sample whose 16-bit text
  /// length is 0 (FFmpeg writes those to fill the gaps between cues).
  private static func isEmptyCue(_ p: UnsafeMutablePointer<AVPacket>, _ st: UnsafeMutablePointer<AVStream>) -> Bool {
    let size = Int(p.pointee.size)
    if size <= 0 { return true }
    if st.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_MOV_TEXT {
      guard size >= 2, let d = p.pointee.data else { return true }
      return d[0] == 0 && d[1] == 0
    }
    return false
  }

  private func openDecoder(stream: UnsafeMutablePointer<AVStream>) -> UnsafeMutablePointer<AVCodecContext>? {
    guard let par = stream.pointee.codecpar, let codec = ck_avcodec_find_decoder(par.pointee.codec_id) else { return nil }
    var ctx = ck_avcodec_alloc_context3(codec)
    guard let c = ctx else { return nil }
    c.pointee.thread_count = 1
    if ck_avcodec_parameters_to_context(c, par) < 0 || ck_avcodec_open2(c, codec, nil) < 0 {
      ck_avcodec_free_context(&ctx)
      return nil
    }
    return c
  }

  private func drain(
    _ dec: UnsafeMutablePointer<AVCodecContext>, frame: UnsafeMutablePointer<AVFrame>, flush: Bool,
    state: inout ClosedCaptionScan, parser: inout CCDataParser
  ) {
    if flush { ck_avcodec_send_packet(dec, nil) }
    var guardCount = 0
    while guardCount < 10_000, ck_avcodec_receive_frame(dec, frame) >= 0 {
      guardCount += 1
      state.framesDecoded += 1
      if let sd = ck_av_frame_get_side_data(frame, AV_FRAME_DATA_A53_CC), let data = sd.pointee.data, sd.pointee.size > 0 {
        state.framesWithCaptionData += 1
        parser.feed(UnsafeBufferPointer(start: data, count: Int(sd.pointee.size)))
      }
      ck_av_frame_unref(frame)
    }
  }

  /// Decodes every packet of one subtitle stream with libavcodec and returns each event as
  /// FFmpeg's ASS dialogue text with its start and end.
  func decodeSubtitles(streamIndex: Int, maxPackets: Int) throws(MediaInspectorError) -> [DecodedSubtitle] {
    guard let format, let packet, streamIndex >= 0, streamIndex < Int(format.pointee.nb_streams),
      let st = format.pointee.streams[streamIndex], let par = st.pointee.codecpar
    else { throw .noSuchTrack(streamIndex, reason: "no such stream") }
    guard let codec = ck_avcodec_find_decoder(par.pointee.codec_id) else {
      throw .unsupportedCodec(String(cString: ck_avcodec_get_name(par.pointee.codec_id)))
    }
    var ctxOpt = ck_avcodec_alloc_context3(codec)
    defer { ck_avcodec_free_context(&ctxOpt) }
    guard let ctx = ctxOpt else { throw .unsupportedCodec("decoder allocation failed") }
    if ck_avcodec_parameters_to_context(ctx, par) < 0 || ck_avcodec_open2(ctx, codec, nil) < 0 {
      throw .unsupportedCodec(String(cString: ck_avcodec_get_name(par.pointee.codec_id)))
    }
    ctx.pointee.pkt_timebase = st.pointee.time_base
    let tb = st.pointee.time_base
    var out: [DecodedSubtitle] = []
    var count = 0
    while count < maxPackets, ck_av_read_frame(format, packet) >= 0 {
      count += 1
      defer { ck_av_packet_unref(packet) }
      guard Int(packet.pointee.stream_index) == streamIndex else { continue }
      var sub = AVSubtitle()
      var got: Int32 = 0
      let r = ck_avcodec_decode_subtitle2(ctx, &sub, &got, packet)
      guard r >= 0, got != 0 else { continue }
      defer { ck_avsubtitle_free(&sub) }
      let pts = packet.pointee.pts != ck_nopts_value() ? packet.pointee.pts : packet.pointee.dts
      guard pts != ck_nopts_value() else { continue }
      let start = MediaTime(ticks: pts, num: tb.num, den: tb.den)
      let end: MediaTime
      if packet.pointee.duration > 0 {
        end = MediaTime(ticks: pts &+ packet.pointee.duration, num: tb.num, den: tb.den)
      } else if sub.end_display_time > 0 && sub.end_display_time != UInt32.max {
        end = MediaTime(start.time + CaptionTime(milliseconds: Int64(sub.end_display_time)))
      } else {
        end = start
      }
      var texts: [String] = []
      for i in 0..<Int(sub.num_rects) {
        guard let rect = sub.rects?[i] else { continue }
        if let a = rect.pointee.ass {
          texts.append(String(cString: a))
        } else if let t = rect.pointee.text {
          texts.append(String(cString: t))
        }
      }
      if texts.isEmpty { continue }
      out.append(DecodedSubtitle(start: start, end: end, assLines: texts))
    }
    // Delayed decoders (CEA-608) hold the last caption until flushed with empty packets.
    var flushes = 0
    while flushes < 64 {
      flushes += 1
      ck_av_packet_unref(packet)
      packet.pointee.stream_index = Int32(streamIndex)
      var sub = AVSubtitle()
      var got: Int32 = 0
      guard ck_avcodec_decode_subtitle2(ctx, &sub, &got, packet) >= 0, got != 0 else { break }
      defer { ck_avsubtitle_free(&sub) }
      guard sub.pts != ck_nopts_value() else { continue }
      let base = MediaTime(ticks: sub.pts, num: 1, den: ck_time_base()).time
      let start = MediaTime(base + CaptionTime(milliseconds: Int64(sub.start_display_time)))
      let endMS = sub.end_display_time
      let end = endMS > 0 && endMS != UInt32.max ? MediaTime(base + CaptionTime(milliseconds: Int64(endMS))) : start
      var texts: [String] = []
      for i in 0..<Int(sub.num_rects) {
        guard let rect = sub.rects?[i], let a = rect.pointee.ass else { continue }
        texts.append(String(cString: a))
      }
      if texts.isEmpty { continue }
      // The CEA-608 decoder repeats the on-screen caption on every flush; stop at a repeat.
      if let last = out.last, last.assLines.map(ASSTextConverter.textField) == texts.map(ASSTextConverter.textField) { break }
      out.append(DecodedSubtitle(start: start, end: end, assLines: texts))
    }
    return out
  }
}

extension FFmpegDemuxer {
  /// The raw packets of the given subtitle streams, read in one pass over the file, with times
  /// and the WebVTT identifier and settings side data (FFmpeg's Matroska/WebM demuxer moves them
  /// out of the payload).
  ///
  /// - Parameters:
  ///   - streamIndices: FFmpeg stream indices; indices that are out of range are left out.
  ///   - maxPackets: packets read in all (of every stream), the bound on the pass.
  /// - Returns: each requested stream's packets in file order, keyed by stream index (a stream
  ///   with no packets maps to an empty array).
  func rawSubtitlePackets(streamIndices: Set<Int>, maxPackets: Int) -> [Int: [RawSubtitlePacket]] {
    guard let format = formatContext, let packet = packetBuffer else { return [:] }
    var out: [Int: [RawSubtitlePacket]] = [:]
    var timeBases: [Int: AVRational] = [:]
    for i in streamIndices where i >= 0 && i < Int(format.pointee.nb_streams) {
      guard let st = format.pointee.streams[i] else { continue }
      timeBases[i] = st.pointee.time_base
      out[i] = []
    }
    guard !timeBases.isEmpty else { return out }
    var count = 0
    while count < maxPackets, ck_av_read_frame(format, packet) >= 0 {
      count += 1
      defer { ck_av_packet_unref(packet) }
      let index = Int(packet.pointee.stream_index)
      guard let tb = timeBases[index] else { continue }
      let pts = packet.pointee.pts != ck_nopts_value() ? packet.pointee.pts : packet.pointee.dts
      guard pts != ck_nopts_value() else { continue }
      var payload: [UInt8] = []
      if let d = packet.pointee.data, packet.pointee.size > 0 { payload = Array(UnsafeBufferPointer(start: d, count: Int(packet.pointee.size))) }
      func side(_ type: AVPacketSideDataType) -> String? {
        var size: Int = 0
        guard let p = ck_av_packet_get_side_data(packet, type, &size), size > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: p, count: size), as: UTF8.self)
      }
      out[index, default: []].append(
        RawSubtitlePacket(
          start: MediaTime(ticks: pts, num: tb.num, den: tb.den),
          end: MediaTime(ticks: pts &+ max(0, packet.pointee.duration), num: tb.num, den: tb.den), payload: payload,
          identifier: side(AV_PKT_DATA_WEBVTT_IDENTIFIER), settings: side(AV_PKT_DATA_WEBVTT_SETTINGS)))
    }
    return out
  }
}

/// One subtitle packet as stored in the container.
struct RawSubtitlePacket: Sendable {
  var start: MediaTime
  var end: MediaTime
  var payload: [UInt8]
  var identifier: String?
  var settings: String?
}

/// One decoded subtitle event: FFmpeg's ASS dialogue lines
/// (`ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`).
struct DecodedSubtitle: Sendable {
  var start: MediaTime
  var end: MediaTime
  var assLines: [String]
}
