extension TextStyle {
  /// The properties that content inherits from the element or region it is in: colour, font,
  /// text decoration, outline, shadow, alignment, line height, line padding, multi-row
  /// alignment, visibility and direction (TTML2 §10.2, "Inherited: yes"; the CSS inherited
  /// properties). Background colour, opacity, display, display alignment, writing mode and
  /// forced display belong to the box they are set on and are not inherited.
  public var inheritable: TextStyle {
    var s = TextStyle()
    s.color = color
    s.fontFamily = fontFamily
    s.fontSize = fontSize
    s.fontSizeVertical = fontSizeVertical
    s.fontStyle = fontStyle
    s.fontWeight = fontWeight
    s.textDecoration = textDecoration
    s.textOutline = textOutline
    s.textShadow = textShadow
    s.textAlign = textAlign
    s.lineHeight = lineHeight
    s.linePadding = linePadding
    s.multiRowAlign = multiRowAlign
    s.visible = visible
    s.direction = direction
    return s
  }
}
