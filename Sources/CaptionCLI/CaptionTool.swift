import CaptionKit
