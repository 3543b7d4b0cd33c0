@_exported import CaptionLint
