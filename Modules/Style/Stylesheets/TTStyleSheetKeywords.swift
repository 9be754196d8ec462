/// The keywords of the stylesheet format and the values they stand for, read by the parser
/// and written by the writer.
enum TTStyleSheetKeywords {
  static let positionPairs: [(String, TTBox.Position)] = [
    ("static", .static), ("absolute", .absolute), ("float-left", .floatLeft), ("float-right", .floatRight),
  ]
  static let alignmentPairs: [(String, TTTextLook.Alignment)] = [
    ("left", .left), ("center", .center), ("right", .right),
  ]
  static let verticalAlignmentPairs: [(String, TTTextLook.VerticalAlignment)] = [
    ("top", .top), ("middle", .middle), ("bottom", .bottom),
  ]
  static let lineBreakModePairs: [(String, TTTextLook.LineBreakMode)] = [
    ("word-wrap", .wordWrap), ("char-wrap", .characterWrap), ("clip", .clip),
    ("truncate-head", .truncateHead), ("truncate-tail", .truncateTail), ("truncate-middle", .truncateMiddle),
  ]
  static let contentModePairs: [(String, TTImageLook.ContentMode)] = [
    ("fill", .scaleToFill), ("contain", .scaleAspectFit), ("cover", .scaleAspectFill), ("center", .center),
  ]

  static let positionNames = positionPairs.map(\.0)
  static let alignmentNames = alignmentPairs.map(\.0)
  static let verticalAlignmentNames = verticalAlignmentPairs.map(\.0)
  static let lineBreakModeNames = lineBreakModePairs.map(\.0)
  static let contentModeNames = contentModePairs.map(\.0)

  static let positions = Dictionary(uniqueKeysWithValues: positionPairs)
  static let alignments = Dictionary(uniqueKeysWithValues: alignmentPairs)
  static let verticalAlignments = Dictionary(uniqueKeysWithValues: verticalAlignmentPairs)
  static let lineBreakModes = Dictionary(uniqueKeysWithValues: lineBreakModePairs)
  static let contentModes = Dictionary(uniqueKeysWithValues: contentModePairs)

  /// The keyword for a value, from a table of pairs.
  static func name<Value: Equatable>(of value: Value, in pairs: [(String, Value)]) -> String {
    pairs.first { $0.1 == value }?.0 ?? ""
  }
}
