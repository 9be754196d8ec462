public import Three20Core

extension TTModuleInfo {
  /// The description of Three20UICommon.
  public static let uiCommon = TTModuleInfo(
    identifier: "Three20UICommon",
    shortName: "UICommon",
    name: "Three20 UICommon",
    summary:
      "The terminal host and its input, the base views and TTViewController: what runs screens "
      + "that Style draws.",
    dependencies: ["Three20Core", "Three20Style"])
}
