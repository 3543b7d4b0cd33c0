import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

/// The legacy code page detector on real files and on sentences encoded in-test.
@Suite struct LegacyEncodingDetectorTests {
  /// A few lines of subtitle text in `encoding` (encoded with Foundation).
  static func encoded(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
    let srt = "1\n00:00:01,000 --> 00:00:02,000\n" + text + "\n"
    guard let data = srt.data(using: foundationEncoding(encoding)) else { return [] }
    return Array(data)
  }

  static func foundationEncoding(_ e: TextEncoding) -> String.Encoding {
    switch e {
    case .windows1250: .windowsCP1250
    case .windows1251: .windowsCP1251
    case .windows1252: .windowsCP1252
    case .windows1253: .windowsCP1253
    case .windows1254: .windowsCP1254
    case .iso8859_2: .isoLatin2
    case .shiftJIS: .shiftJIS
    case .windows1255: String.Encoding(rawValue: 0x8000_0505)
    case .windows1256: String.Encoding(rawValue: 0x8000_0506)
    case .koi8R: String.Encoding(rawValue: 0x8000_0A02)
    case .gb18030: String.Encoding(rawValue: 0x8000_0632)
    case .big5: String.Encoding(rawValue: 0x8000_0A03)
    case .eucKR: String.Encoding(rawValue: 0x8000_0940)
    default: .utf8
    }
  }

  static let sentences: [(TextEncoding, String)] = [
    (.windows1252, "Où est la gare? Je ne sais pas, peut-être là-bas.\nC'était très agréable, merci beaucoup."),
    (.windows1252, "Schöne Grüße aus München. Wir müssen über die Straße gehen."),
    (.windows1252, "¿Dónde está el niño? Mañana vamos a la playa, señor."),
    (.windows1252, "Jeg så på dem, og de kørte væk. Hvad gør vi nu?"),
    (.windows1250, "Zażółć gęślą jaźń. Dzień dobry, proszę pana, gdzie jest dworzec?"),
    (.windows1250, "Příliš žluťoučký kůň úpěl ďábelské ódy. Děkuji, řekl jsem."),
    (.windows1250, "Ne znam što ćemo sada. Đino, dođi ovamo! Čekaj, gdje si?"),
    (.iso8859_2, "Zażółć gęślą jaźń. Dzień dobry, proszę pana, gdzie jest dworzec? Śnieg pada."),
    (.windows1251, "Привет, как дела? Я не знаю, что мы будем делать завтра.\nПодожди меня здесь."),
    (.koi8R, "Привет, как дела? Я не знаю, что мы будем делать завтра.\nПодожди меня здесь."),
    (.windows1253, "Καλημέρα, τι κάνεις; Δεν ξέρω τι θα κάνουμε αύριο."),
    (.windows1254, "Günaydın, nasılsın? Yarın ne yapacağımızı bilmiyorum. Şimdi gitmeliyiz."),
    (.windows1255, "שלום, מה שלומך? אני לא יודע מה נעשה מחר."),
    (.windows1256, "مرحبا، كيف حالك؟ لا أعرف ماذا سنفعل غدا."),
    (.gb18030, "你好，你今天怎么样？我不知道我们明天要做什么。"),
    (.big5, "你好，你今天怎麼樣？我不知道我們明天要做什麼。"),
    (.shiftJIS, "こんにちは、お元気ですか？明日は何をするのか分かりません。"),
    (.eucKR, "안녕하세요, 어떻게 지내세요? 내일 무엇을 할지 모르겠어요."),
  ]

  @Test(arguments: 0..<sentences.count)
  func detectsEncodedSentence(_ k: Int) {
    let (encoding, text) = Self.sentences[k]
    let bytes = Self.encoded(text, encoding)
    #expect(!bytes.isEmpty)
    let ranked = LegacyEncodingDetector.rank(bytes)
    #expect(ranked.first?.encoding == encoding, "\(text): \(ranked.prefix(3).map { "\($0.encoding.rawValue)/\($0.language) \($0.score)" })")
    let decoded = TextDecoder.decode(bytes)
    #expect(decoded.encoding == encoding)
    #expect(String(decoding: decoded.utf8, as: UTF8.self).contains(text))
  }

  /// Short samples count letter pairs in a dictionary, long ones in a dense table. A text and
  /// the same text twice (joined where the pair is ASCII, so no new pair appears) must score the
  /// same, with one copy below the dense table's threshold and two above it.
  @Test(arguments: [TextEncoding.windows1251, .koi8R, .windows1250])
  func pairCountingPathsAgree(_ encoding: TextEncoding) {
    let text = Self.sentences.first { $0.0 == encoding }!.1
    var once: [UInt8] = []
    while once.count < 9_000 { once += Self.encoded(text, encoding) + Array("\n".utf8) }
    let twice = once + once
    #expect(once.count <= 1 << 14 && twice.count > 1 << 14)
    let a = LegacyEncodingDetector.rank(once), b = LegacyEncodingDetector.rank(twice)
    #expect(a.first?.encoding == encoding)
    #expect(a.map(\.encoding) == b.map(\.encoding))
    #expect(a.map(\.score) == b.map(\.score))
  }

  /// UTF-8 with a stray windows-1252 byte or a cut sequence stays UTF-8: only the bad bytes are
  /// replaced (and reported where they are), the correct characters are kept.
  @Test func mostlyUTF8WithStrayBytesStaysUTF8() {
    let mixed = Array("1\n00:00:01,000 --> 00:00:03,000\nIt’s café time\n\n2\n00:00:04,000 --> 00:00:06,000\nDon".utf8) + [0x92]
      + Array("t go\n".utf8)
    let d = TextDecoder.decode(mixed)
    #expect(d.encoding == .utf8)
    let text = String(decoding: d.utf8, as: UTF8.self)
    #expect(text.contains("It’s café time") && text.contains("Don\u{FFFD}t go"))
    #expect(d.diagnostics.map(\.code) == ["text.encoding.detected", "text.encoding.invalid-utf8"])
    #expect(d.diagnostics[1].location == SourceLocation(line: 7, column: 4, offset: mixed.firstIndex(of: 0x92)!))

    let cyrillic = Array("Привет, как дела? Я не знаю.\n".utf8) + [0xFF] + Array("\n".utf8)
    let c = TextDecoder.decode(cyrillic)
    #expect(c.encoding == .utf8)
    #expect(String(decoding: c.utf8, as: UTF8.self).hasPrefix("Привет, как дела?"))
    // One valid sequence and two stray bytes: a legacy page, as before.
    let legacy = Array("caf".utf8) + [0xE9] + Array(" – na".utf8) + [0xEF, 0x76, 0x65]
    #expect(TextDecoder.decode(legacy).encoding != .utf8)
  }

  @Test func realWindows1250File() throws {
    guard let root = Corpus.root else { return }
    let bytes = try Corpus.bytes(root.appendingPathComponent("subtitleedit/tests/libse/Files/auto_detect_windows-1250.srt"))
    let d = TextDecoder.decode(bytes)
    #expect(d.encoding == .windows1250)
    let text = String(decoding: d.utf8, as: UTF8.self)
    #expect(text.contains("Đino, dođavola.\nDolazi ovamo!"))
    #expect(text.contains("-Mi ćemo to srediti, gospodine."))
    #expect(d.diagnostics.map(\.code) == ["text.encoding.detected"])
  }

  @Test func realWindows1251File() throws {
    guard let root = Corpus.root else { return }
    let bytes = try Corpus.bytes(root.appendingPathComponent("subtitleedit/tests/libse/Files/auto_detect_windows-1251.srt"))
    let d = TextDecoder.decode(bytes)
    #expect(d.encoding == .windows1251)
    let text = String(decoding: d.utf8, as: UTF8.self)
    #expect(text.contains("<i>Из зоре времена долазимо,</i>"))
    #expect(text.contains("Ја сам Конор Меклауд"))
  }

  @Test func realUTF8FilesWithBOM() throws {
    guard let root = Corpus.root else { return }
    let ru = TextDecoder.decode(try Corpus.bytes(root.appendingPathComponent("subtitleedit/tests/libse/Files/auto_detect_Russian.srt")))
    #expect(ru.encoding == .utf8 && ru.hadBOM)
    #expect(String(decoding: ru.utf8, as: UTF8.self).contains("Готовы к вылету, г-н капитан."))
    let da = TextDecoder.decode(try Corpus.bytes(root.appendingPathComponent("subtitleedit/tests/libse/Files/auto_detect_Danish.srt")))
    #expect(da.encoding == .utf8 && da.hadBOM)
    #expect(String(decoding: da.utf8, as: UTF8.self).contains("Vi har beviser på, at William Bell"))
  }

  @Test func realGB2312File() throws {
    guard let root = Corpus.root else { return }
    let d = TextDecoder.decode(try Corpus.bytes(root.appendingPathComponent("cdown-srt/srt_tools/tests/files/gb2312.srt")))
    #expect(d.encoding == .gb18030)
    let text = String(decoding: d.utf8, as: UTF8.self)
    #expect(text.contains("宇宙守护神  保护我们远离邪恶"))
    #expect(text.contains("轻轻一跳就能飞跃高楼"))
  }

  @Test func realUTF16File() throws {
    guard let root = Corpus.root else { return }
    let d = TextDecoder.decode(try Corpus.bytes(root.appendingPathComponent("go-astisub/testdata/example-in-non-utf8.srt")))
    #expect(d.encoding == .utf16LE && d.hadBOM)
    #expect(String(decoding: d.utf8, as: UTF8.self).contains("MAN:\nHow did we end up here?"))
  }

  @Test func bomLessUTF16() {
    let s = "1\n00:00:01,000 --> 00:00:02,000\nHello there\n"
    let le = Array(s.data(using: .utf16LittleEndian)!)
    let be = Array(s.data(using: .utf16BigEndian)!)
    #expect(TextDecoder.decode(le).encoding == .utf16LE)
    #expect(TextDecoder.decode(be).encoding == .utf16BE)
    #expect(String(decoding: TextDecoder.decode(be).utf8, as: UTF8.self) == s)
  }

  @Test func explicitEncodingWins() {
    let bytes: [UInt8] = Array("Привет".data(using: .windowsCP1251)!)
    let d = TextDecoder.decode(bytes, encoding: TextEncoding(label: "koi8r"))
    #expect(d.encoding == .koi8R)
    #expect(String(decoding: d.utf8, as: UTF8.self) == "оПХБЕР")
    #expect(d.diagnostics.isEmpty)
  }

  @Test func asciiOnlyIsWindows1252() {
    #expect(LegacyEncodingDetector.detect(Array("plain".utf8)) == .windows1252)
    #expect(LegacyEncodingDetector.detect([]) == .windows1252)
  }

  @Test func curlyQuotesInEnglishAreWindows1252() {
    let bytes: [UInt8] = Array("He said \u{201C}no\u{201D} \u{2013} it\u{2019}s over\u{2026}".data(using: .windowsCP1252)!)
    #expect(LegacyEncodingDetector.detect(bytes) == .windows1252)
  }
}
