/// Animatability of style properties (TTML2 §10.2, the "Animatable" row of each property, and
/// §13.2): `set` and `animate` may only target animatable properties, and `animate` with a
/// continuous calculation mode (`linear`, `paced`, `spline`) only continuously animatable ones.
extension TTMLValidator {
  /// Style properties TTML2 defines as not animatable.
  static let nonAnimatableStyles: Set<String> = ["ruby"]

  /// Keyword-valued properties TTML2 animates discretely only: their values cannot be
  /// interpolated. Properties with lengths, colours or numbers are continuous and not listed;
  /// where the spec could be read either way the property is left out (no false errors).
  static let discreteOnlyStyles: Set<String> = [
    "backgroundClip", "backgroundImage", "backgroundOrigin", "backgroundRepeat", "direction", "display", "displayAlign",
    "fontFamily", "fontKerning", "fontSelectionStrategy", "fontStyle", "fontVariant", "fontWeight", "overflow", "rubyAlign",
    "rubyPosition", "showBackground", "textAlign", "textCombine", "textDecoration", "textOrientation", "unicodeBidi",
    "visibility", "wrapOption", "writingMode",
  ]

  /// Why `tts:<property>` cannot be animated by this `set`/`animate`, or nil when it can. An
  /// `animate` without `calcMode` interpolates linearly (its default, TTML2 §13.2.1).
  static func animationProblem(_ property: String, element: String, calcMode: String?) -> String? {
    if nonAnimatableStyles.contains(property) {
      return "is not animatable, so it cannot be the target of <\(element)> (TTML2 §10.2, §13.2)"
    }
    let mode = calcMode ?? "linear"
    if element == "animate", discreteOnlyStyles.contains(property), ["linear", "paced", "spline"].contains(mode) {
      return "is only discretely animatable, so <animate> must use calcMode=\"discrete\", not \"\(mode)\" (TTML2 §10.2, §13.2.1)"
    }
    return nil
  }
}
