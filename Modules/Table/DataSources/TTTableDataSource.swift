public import Foundation
public import Three20Core

/// The class to subclass to make a data source: Three20's `TTTableViewDataSource` class.
///
/// A data source built from items it already has is its own model: `TTTableDataSource` is a
/// `TTBaseModel` that starts loaded, so a table controller shows its rows at once and never
/// shows "Loading…". A data source whose items come from elsewhere overrides ``model`` to
/// return the model that loads them, and builds its items in ``tableViewDidLoadModel()`` (see
/// ``TTModelDataSource``).
///
/// Every requirement of ``TTTableViewDataSource`` is implemented here as an overridable member
/// with Three20's default, so a subclass can override any of them:
///
/// ```swift
/// final class FeedDataSource: TTListDataSource {
///   override var titleForEmpty: String? { "No feed" }
///   override func titleForError(_ error: TTModelFailure) -> String { "Oops" }
/// }
/// ```
///
/// The base class has no sections; subclasses provide them.
@MainActor
open class TTTableDataSource: TTBaseModel, TTTableViewDataSource {
  /// Creates a data source that is its own loaded model.
  public init() {
    super.init(state: .loaded(outdated: false, error: nil))
  }

  /// The model the table observes: the data source itself, unless overridden.
  open var model: any TTModel { self }

  /// The number of sections; 0 here.
  open var numberOfSections: Int { 0 }

  /// The number of rows in a section; 0 here.
  ///
  /// - Parameter section: The section.
  /// - Returns: 0.
  open func numberOfRows(inSection section: Int) -> Int { 0 }

  /// The item of a row; `nil` here.
  ///
  /// - Parameter indexPath: The row.
  /// - Returns: `nil`.
  open func item(at indexPath: IndexPath) -> (any TTTableItem)? { nil }

  /// No header.
  ///
  /// - Parameter section: The section.
  /// - Returns: `nil`.
  open func titleForHeader(inSection section: Int) -> String? { nil }

  /// No footer.
  ///
  /// - Parameter section: The section.
  /// - Returns: `nil`.
  open func titleForFooter(inSection section: Int) -> String? { nil }

  /// Nothing to build; override it to make items from ``model`` once it has loaded.
  open func tableViewDidLoadModel() {}

  /// "Updating…" when reloading content, "Loading…" otherwise (Three20's texts).
  ///
  /// - Parameter reloading: Whether content is already shown.
  /// - Returns: The text.
  open func titleForLoading(reloading: Bool) -> String {
    reloading ? "Updating…" : "Loading…"
  }

  /// No title: the empty state shows only what ``subtitleForEmpty`` says, as in Three20.
  open var titleForEmpty: String? { nil }

  /// No subtitle.
  open var subtitleForEmpty: String? { nil }

  /// `true`: the empty state offers a reload action.
  open var reloadButtonForEmpty: Bool { true }

  /// The error's own description, or "Error" when it has none (the role of Three20's
  /// `TTDescriptionForError`).
  ///
  /// - Parameter error: The model's error.
  /// - Returns: The title.
  open func titleForError(_ error: TTModelFailure) -> String {
    let text = error.description
    return text.isEmpty ? "Error" : text
  }

  /// Returns "Sorry, there was an error." (Three20's text).
  ///
  /// - Parameter error: The model's error.
  /// - Returns: The subtitle.
  open func subtitleForError(_ error: TTModelFailure) -> String? {
    "Sorry, there was an error."
  }

  /// `false`: no "more" row.
  open var hasMoreItems: Bool { false }

  /// "Load more…".
  open var titleForMore: String { "Load more…" }

  /// The active search text; `nil` here, as the base class cannot search.
  open var searchText: String? { nil }

  /// Does nothing here; ``TTListDataSource`` and ``TTSectionedDataSource`` filter their items.
  ///
  /// - Parameter text: The text to look for.
  open func search(_ text: String) {}

  /// "No results".
  open var titleForNoResults: String { "No results" }

  /// No section index.
  open var sectionIndexTitles: [String]? { nil }

  /// Looks at every row in order for an item with the identity.
  ///
  /// - Parameter id: The identity.
  /// - Returns: The first row with that identity, or `nil`.
  open func indexPath(ofItemWithID id: String) -> IndexPath? {
    for section in 0..<max(0, numberOfSections) {
      for row in 0..<max(0, numberOfRows(inSection: section)) {
        let path: IndexPath = [section, row]
        if item(at: path)?.id == id { return path }
      }
    }
    return nil
  }
}
