public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Style.
  public static let style = TTModuleInfo(
    identifier: "Three20Style",
    shortName: "Style",
    name: "Three20 Style",
    summary:
      "Colours, TTStyle chains, stylesheets and styled XHTML text, drawn on a terminal canvas "
      + "or as SVG.",
    dependencies: ["Three20Core"])
}
