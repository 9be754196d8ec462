import Three20
import Three20UICommon

/// A one-line text field driven by keys, for demos where you type a URL: `/` starts typing,
/// Enter submits, Escape cancels, Backspace deletes.
struct CatalogTextInput {
  /// What a key did.
  enum Outcome: Equatable {
    /// The key was not for the field.
    case ignored
    /// The text changed, or typing started.
    case editing
    /// Enter: the text typed.
    case submitted(String)
    /// Escape: typing ended without a change.
    case cancelled
  }

  /// The text typed so far.
  private(set) var text = ""
  /// Whether keys go to the field.
  private(set) var isEditing = false

  /// Offers a key; `start` is the text typing starts from.
  mutating func handle(_ key: TTKey, start: String) -> Outcome {
    guard isEditing else {
      guard key == .character("/") else { return .ignored }
      isEditing = true
      text = start
      return .editing
    }
    switch key {
    case .character(let character):
      text.append(character)
      return .editing
    case .backspace:
      if !text.isEmpty { text.removeLast() }
      return .editing
    case .enter:
      isEditing = false
      return .submitted(text)
    case .escape:
      isEditing = false
      return .cancelled
    default:
      return .ignored
    }
  }

  /// The line that shows the field, or the hint to start typing.
  func line(hint: String) -> CatalogBlock {
    .text(isEditing ? "URL: \(text)▏" : hint, TTCellStyle(attributes: .bold))
  }
}
