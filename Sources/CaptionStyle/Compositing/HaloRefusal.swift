/// Why a visible uniform outline earns no halo credit (`LayerStack.haloRefusal`).
public enum HaloRefusal: Sendable, Hashable {
  /// Thinner than `LayerStack.haloMinimumWidth` (0.05 em; CS-C06).
  case thinnerThanMinimum
  /// Under one CSS reference pixel in the deciding (smallest) viewing context: rendered, it is
  /// no ring at all (WCAG technique G18 asks for at least 1 px; CS-C06).
  case underOnePixel
  /// Blurred more than it is wide: its edge fades out instead of being a solid surround, which
  /// WCAG technique G18 needs (IMSC 1.1 #textOutline-unblurred allows no blur at all; CS-C15).
  case blurred
}
