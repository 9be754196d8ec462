public import Foundation
public import Three20Core

/// What a table shows (Three20's `TTTableViewDataSource`).
///
/// That is: sections of items, the texts of its loading, empty and error states, and the
/// model it comes from.
///
/// A data source owns a ``TTModel``. The table controller observes that model and shows
/// loading, empty, error or content from its state; when the model finishes loading, the
/// controller calls ``tableViewDidLoadModel()`` so the data source can build its items.
@MainActor
public protocol TTTableViewDataSource: AnyObject {
  /// The model the items come from. A data source with fixed items is its own loaded model.
  var model: any TTModel { get }

  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of rows in a section.
  ///
  /// - Parameter section: The section, from 0.
  /// - Returns: Its row count; 0 for a section that does not exist.
  func numberOfRows(inSection section: Int) -> Int

  /// The item of a row, or `nil` when there is no such row.
  ///
  /// Called only for rows being drawn, so a data source with a million rows may make them
  /// on demand.
  ///
  /// - Parameter indexPath: The row's section and row.
  /// - Returns: The item.
  func item(at indexPath: IndexPath) -> (any TTTableItem)?

  /// A section's header title, or `nil` for none.
  ///
  /// - Parameter section: The section.
  /// - Returns: The title.
  func titleForHeader(inSection section: Int) -> String?

  /// A section's footer title, or `nil` for none.
  ///
  /// - Parameter section: The section.
  /// - Returns: The title.
  func titleForFooter(inSection section: Int) -> String?

  /// Builds the items from the model once it has loaded (Three20's `tableViewDidLoadModel:`).
  func tableViewDidLoadModel()

  /// The text shown while loading: "Loading…", or "Updating…" when reloading content.
  ///
  /// - Parameter reloading: Whether content is already shown.
  /// - Returns: The text.
  func titleForLoading(reloading: Bool) -> String

  /// The title of the empty state; `nil` shows none (Three20's default).
  var titleForEmpty: String? { get }
  /// The subtitle of the empty state; `nil` shows none.
  var subtitleForEmpty: String? { get }
  /// Whether the empty state offers a reload action; `true` by default, as in Three20.
  var reloadButtonForEmpty: Bool { get }

  /// The title of the error state for an error.
  ///
  /// - Parameter error: The model's error.
  /// - Returns: The title.
  func titleForError(_ error: TTModelFailure) -> String

  /// The subtitle of the error state; "Sorry, there was an error." by default.
  ///
  /// - Parameter error: The model's error.
  /// - Returns: The subtitle.
  func subtitleForError(_ error: TTModelFailure) -> String?
}

extension TTTableViewDataSource {
  /// No header.
  public func titleForHeader(inSection section: Int) -> String? { nil }

  /// No footer.
  public func titleForFooter(inSection section: Int) -> String? { nil }

  /// Nothing to build.
  public func tableViewDidLoadModel() {}

  /// "Updating…" when reloading content, "Loading…" otherwise (Three20's texts).
  public func titleForLoading(reloading: Bool) -> String {
    reloading ? "Updating…" : "Loading…"
  }

  /// No title: the empty state shows only what ``subtitleForEmpty`` says, as in Three20.
  public var titleForEmpty: String? { nil }

  /// No subtitle.
  public var subtitleForEmpty: String? { nil }

  /// The empty state offers a reload action.
  public var reloadButtonForEmpty: Bool { true }

  /// The error's own description, or "Error" when it has none (the role of Three20's
  /// `TTDescriptionForError`).
  public func titleForError(_ error: TTModelFailure) -> String {
    let text = error.description
    return text.isEmpty ? "Error" : text
  }

  /// "Sorry, there was an error." (Three20's text).
  public func subtitleForError(_ error: TTModelFailure) -> String? {
    "Sorry, there was an error."
  }
}
