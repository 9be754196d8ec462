public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Web.
  public static let web = TTModuleInfo(
    identifier: "Three20Web",
    shortName: "Web",
    name: "Three20 Web",
    summary:
      "TTWebController: any http(s) page, parsed as browsers do, read in the terminal with its "
      + "links followed through the navigator, or rendered once as text.",
    dependencies: [
      "Three20Core", "Three20Network", "Three20Style", "Three20UICommon", "Three20Navigator", "Three20XML",
    ])
}
