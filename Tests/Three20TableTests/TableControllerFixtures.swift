import Foundation
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// A one-line test item that opens `tt://note/<id>`.
struct Note: TTTableLinkedItem, Equatable {
  var id: String
  var text: String
  var lines = 1

  init(_ id: String, text: String? = nil, lines: Int = 1) {
    self.id = id
    self.text = text ?? id
    self.lines = lines
  }

  var url: String? { "tt://note/\(id)" }
}

/// Draws a note as `  text` (or `> text` when selected), `lines` rows tall.
struct NoteCell: TTTableCell {
  func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    let note = item as? Note
    var canvas = TTCanvas(width: width, height: max(1, note?.lines ?? 1))
    canvas.write((state.isSelected ? "> " : "  ") + (note?.text ?? item.id), at: .zero)
    return canvas
  }
}

/// A registry that draws notes with ``NoteCell``.
@MainActor
func noteRegistry() -> TTTableCellRegistry {
  let registry = TTTableCellRegistry()
  registry.register(NoteCell(), for: Note.self)
  return registry
}

/// An error with a readable text.
struct StubError: Error, CustomStringConvertible, Equatable {
  var description: String
}

/// A model whose loads start when asked and end when the test says.
@MainActor
final class StubModel: TTBaseModel {
  private(set) var loads: [(policy: TTURLRequestCachePolicy, more: Bool)] = []
  var entries: [String] = []
  private var pendingMore = false

  init() { super.init(state: .idle(error: nil)) }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    loads.append((policy, more))
    pendingMore = more
    didStartLoad(more: more)
  }

  /// Ends the load with entries (appended for a "more" load).
  func finish(with entries: [String]) {
    self.entries = pendingMore ? self.entries + entries : entries
    didFinishLoad()
  }

  func fail(_ text: String) {
    didFailLoad(with: StubError(description: text))
  }
}

/// The tutorials' feed data source: notes from a stub model, with their texts.
@MainActor
final class FeedSource: TTModelDataSource<StubModel> {
  var more = false

  init(_ model: StubModel = StubModel()) {
    super.init(model: model) { model in model.entries.map { Note($0) } }
  }

  override var titleForEmpty: String? { "No feed" }
  override func titleForError(_ error: TTModelFailure) -> String { "Oops" }
  override func subtitleForError(_ error: TTModelFailure) -> String? { "The feed is not available." }
  override var hasMoreItems: Bool { more }
}

/// A lazy list that counts how many items it was asked for.
@MainActor
final class CountingList {
  private(set) var requests = 0
  lazy var source = TTLazyListDataSource(count: count) { [unowned self] row in
    self.requests += 1
    return Note("\(row)", text: "Row \(row)", lines: 1 + row % 3)
  }
  let count: Int

  init(count: Int) { self.count = count }
}

extension TTTableViewController {
  /// The controller drawn as plain text.
  func text(width: Int = 40, height: Int = 8) -> String {
    TTTerminalHost.renderOnce(self, size: TTSize(width: width, height: height), capabilities: .plain)
  }
}
