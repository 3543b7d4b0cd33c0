/// WebVTT's default colour classes (W3C WebVTT, "default text colour" and "default text
/// background colour"): `<c.yellow>` is yellow text and `<c.bg_blue>` a blue background in any
/// player, without a STYLE block. Writers of other formats and the legibility checks give
/// these classes their colour when no style of the document has the class's name.
public enum CueDefaultClass {
  static let colors: [String: Color] = [
    "white": Color(red: 255, green: 255, blue: 255), "lime": Color(red: 0, green: 255, blue: 0),
    "cyan": Color(red: 0, green: 255, blue: 255), "red": Color(red: 255, green: 0, blue: 0),
    "yellow": Color(red: 255, green: 255, blue: 0), "magenta": Color(red: 255, green: 0, blue: 255),
    "blue": Color(red: 0, green: 0, blue: 255), "black": Color(red: 0, green: 0, blue: 0),
  ]

  /// The style of a default class (`yellow` sets the text colour, `bg_yellow` the background),
  /// or nil for any other name.
  public static func style(_ name: String) -> TextStyle? {
    var s = TextStyle()
    if name.hasPrefix("bg_"), let c = colors[String(name.dropFirst(3))] {
      s.backgroundColor = c
    } else if let c = colors[name] {
      s.color = c
    } else {
      return nil
    }
    return s
  }
}
