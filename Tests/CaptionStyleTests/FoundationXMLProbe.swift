import Foundation

#if canImport(FoundationXML)
  import FoundationXML

  enum FoundationXMLProbe {
    static func parse(_ s: String) -> Bool { XMLParser(data: Data(s.utf8)).parse() }
  }
#endif
