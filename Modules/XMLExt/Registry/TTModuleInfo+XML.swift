import CLibXML2
public import Three20Core

extension TTModuleInfo {
  /// The description of Three20XML, with the libxml2 version linked at run time.
  public static let xml = TTModuleInfo(
    identifier: "Three20XML",
    shortName: "XMLExt",
    name: "Three20 XML",
    summary:
      "TTXMLParser on libxml2, XML responses for Three20Network, and RSS and Atom feeds.",
    dependencies: ["Three20Core", "Three20Network"],
    systemLibraries: [
      SystemLibrary(name: "libxml2", version: libxml2Version(), package: "libxml2-dev")
    ])
}

/// The version of the libxml2 this process loaded, for example `2.9.14`.
private func libxml2Version() -> String {
  // xmlParserVersion reads "20914" for 2.9.14: major * 10000 + minor * 100 + patch. With
  // threads enabled (as Debian builds it) the macro is an accessor call Swift cannot import.
  guard let raw = __xmlParserVersion()?.pointee, let number = Int(String(cString: raw)) else {
    return "unknown"
  }
  return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
}
