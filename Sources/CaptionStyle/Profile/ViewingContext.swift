import Foundation

/// A viewing situation, given by the visual angle the picture height subtends, which turns a
/// caption size in rh into CSS reference pixels (1/96 in at 28 in, 0.02132°) and so into a
/// WCAG size class (large text: ≥ 24 px, or ≥ 18.67 px when bold).
public struct ViewingContext: Sendable, Hashable, CustomStringConvertible {
  /// `tv-3h`, `laptop`, `phone-landscape`, `phone-portrait-inline` or `custom`.
  public var id: String
  /// Visual angle of the picture height, in degrees.
  public var pictureHeightDegrees: Double

  public init(id: String, pictureHeightDegrees: Double) {
    self.id = id
    self.pictureHeightDegrees = pictureHeightDegrees
  }

  private static func angle(height: Double, distance: Double) -> Double {
    2 * atan(height / 2 / distance) * 180 / .pi
  }

  /// A TV watched at 3 picture heights (18.9°).
  public static let tv = ViewingContext(id: "tv-3h", pictureHeightDegrees: angle(height: 1, distance: 3))
  /// A 15.6-inch laptop, full screen, at 60 cm (19.4 cm tall picture, 18.4°).
  public static let laptop = ViewingContext(id: "laptop", pictureHeightDegrees: angle(height: 19.4, distance: 60))
  /// A phone in landscape, full screen, at 35 cm (6.9 cm tall picture, 11.3°).
  public static let phoneLandscape = ViewingContext(
    id: "phone-landscape", pictureHeightDegrees: angle(height: 6.9, distance: 35))
  /// A phone in portrait with the inline player, at 30 cm (3.66 cm tall picture, 7.0°).
  public static let phonePortraitInline = ViewingContext(
    id: "phone-portrait-inline", pictureHeightDegrees: angle(height: 3.66, distance: 30))

  /// The four contexts of the reference, largest first.
  public static let standard: [ViewingContext] = [tv, laptop, phoneLandscape, phonePortraitInline]

  /// The named context with this id.
  public static func named(_ id: String) -> ViewingContext? { standard.first { $0.id == id } }

  /// One CSS reference pixel as a visual angle in degrees (1/96 in at 28 in).
  public static let referencePixelDegrees = atan(1.0 / 96 / 28) * 180 / .pi

  /// The size in CSS reference pixels of something `rh` percent of the picture height tall.
  public func referencePixels(rh: Double) -> Double {
    rh / 100 * pictureHeightDegrees / ViewingContext.referencePixelDegrees
  }

  /// WCAG size class of text `rh` tall at `fontWeight`.
  public func sizeClass(rh: Double, fontWeight: Int) -> SizeClass {
    let px = referencePixels(rh: rh)
    return px >= 24 || (fontWeight >= 700 && px >= 56.0 / 3) ? .large : .normal
  }

  public var description: String { id }
}
