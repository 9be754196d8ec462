public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Navigator.
  public static let navigator = TTModuleInfo(
    identifier: "Three20Navigator",
    shortName: "Navigator",
    name: "Three20 Navigator",
    summary:
      "TTURLMap patterns and TTNavigator: every screen has a URL, opened, stacked and restored "
      + "by the navigator.",
    dependencies: ["Three20Core", "Three20Style", "Three20UICommon"])
}
