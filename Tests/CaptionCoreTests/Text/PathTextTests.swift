import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

/// `PathText` does what `NSString`'s path methods do, without stopping the process on `dir//é`
/// (those methods hit "String index is out of bounds" on Linux; a manifest URI found it).
@Suite struct PathTextTests {
  @Test func pathsNSStringCannotTake() {
    #expect(PathText.pathExtension("a//é") == "")
    #expect(PathText.pathExtension("/tmp//x//é.vtt") == "vtt")
    #expect(PathText.pathExtension("..//\u{FFFD}\r\u{41A}\r\u{FFFD}") == "")
    #expect(PathText.lastComponent("a//é") == "é")
    #expect(PathText.deletingLastComponent("a//é") == "a")
    #expect(PathText.deletingLastComponent("//é") == "/")
  }

  /// A run of slashes is trimmed in one pass (it was quadratic: a manifest URI of `x` and
  /// 80,000 slashes took 31 s, and the manifest limit allows millions).
  @Test func longRunsOfSlashes() {
    let slashes = String(repeating: "/", count: 1_000_000)
    #expect(PathText.pathExtension("x.vtt" + slashes) == "vtt")
    #expect(PathText.lastComponent("a/x" + slashes) == "x")
    #expect(PathText.deletingLastComponent("a" + slashes + "b" + slashes) == "a")
    #expect(PathText.lastComponent(slashes) == "/")
  }

  @Test func shapes() {
    #expect(PathText.pathExtension("a/b.tar.gz") == "gz")
    #expect(PathText.pathExtension("a/.vtt") == "")
    #expect(PathText.pathExtension("subs.") == "")
    #expect(PathText.pathExtension("out.d/captions") == "")
    #expect(PathText.pathExtension("a/b.vtt/") == "vtt")
    #expect(PathText.lastComponent("/") == "/")
    #expect(PathText.lastComponent("") == "")
    #expect(PathText.deletingLastComponent("a") == "")
    #expect(PathText.deletingLastComponent("/a") == "/")
    #expect(PathText.deletingLastComponent("a//b/") == "a")
    #expect(PathText.appending("b", to: "a") == "a/b")
    #expect(PathText.appending("b", to: "a/") == "a/b")
    #expect(PathText.appending("b", to: "") == "b")
  }

  /// 20,000 random paths of `a`, `b`, `.` and `/` against a model built on the components
  /// (`NSString` cannot be the model: it traps on some of these paths too, such as a plain
  /// `a` built by concatenation, in a debug build). Parents are compared with repeated
  /// slashes collapsed, which `PathText` keeps.
  @Test func agreesWithAComponentModel() {
    var rng = SplitMix64(seed: 5)
    let alphabet: [Character] = ["a", "b", ".", "/", "/"]
    func collapsed(_ s: String) -> String {
      var out = ""
      for c in s where !(c == "/" && out.last == "/") { out.append(c) }
      return out
    }
    for _ in 0..<20_000 {
      let path = String((0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
      let parts = path.split(separator: "/").map(String.init)
      let last = path.isEmpty ? "" : parts.last ?? "/"
      #expect(PathText.lastComponent(path) == last, "\(path)")
      var ext = ""
      if let dot = last.lastIndex(of: "."), dot != last.startIndex, last != "/" { ext = String(last[last.index(after: dot)...]) }
      #expect(PathText.pathExtension(path) == ext, "\(path)")
      let parent = parts.count <= 1 ? (path.hasPrefix("/") ? "/" : "") : (path.hasPrefix("/") ? "/" : "") + parts.dropLast().joined(separator: "/")
      #expect(collapsed(PathText.deletingLastComponent(path)) == parent, "\(path)")
    }
  }
}
