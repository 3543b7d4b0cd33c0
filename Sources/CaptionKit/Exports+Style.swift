@_exported import CaptionStyle
