public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Table.
  public static let table = TTModuleInfo(
    identifier: "Three20Table",
    shortName: "Table",
    name: "Three20 Table",
    summary:
      "Table items, cells and data sources, and the model-driven table controller with its "
      + "loading, empty and error states.",
    dependencies: ["Three20Core", "Three20Style", "Three20UICommon"])
}
