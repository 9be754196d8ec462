public import Foundation
public import Three20Core

/// What a table shows (Three20's `TTTableViewDataSource`).
///
/// That is: sections of items, the texts of its loading, empty and error states, and the
/// model it comes from.
///
/// A data source owns a `TTModel`. The table controller observes that model and shows
/// loading, empty, error or content from its state; when the model finishes loading, the
/// controller calls ``tableViewDidLoadModel()`` so the data source can build its items.
///
/// ``TTTableDataSource`` implements every requirement with Three20's defaults, which its
/// subclasses override one by one (Three20 paired the protocol with a class of the same name
/// for this): subclass it rather than conforming from scratch. The defaults named below are
/// its.
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
  /// Whether more rows can be loaded after the last one (Three20's "more" button).
  ///
  /// When `true`, the table shows a row titled ``titleForMore`` after the last row; choosing
  /// it, or moving the cursor onto it, asks the model for the next page with
  /// `load(.default, more: true)`. `false` by default.
  var hasMoreItems: Bool { get }

  /// The title of the row that loads more; "Load more…" by default.
  var titleForMore: String { get }

  /// The text the rows are filtered by, or `nil` when no search is active (the default).
  var searchText: String? { get }

  /// Filters the rows by a text (Three20's `search:`); an empty text ends the search.
  ///
  /// The default does nothing: the data source cannot search.
  ///
  /// - Parameter text: The text to look for.
  func search(_ text: String)

  /// The title of the empty state while a search matches nothing; "No results" by default.
  var titleForNoResults: String { get }

  /// The section index shown beside the table, such as `A`…`Z`; `nil` (the default) for none.
  ///
  /// See ``TTTableSectionIndex/letters(search:summary:)`` for Three20's standard index.
  var sectionIndexTitles: [String]? { get }

  /// Where the row of the item with an identity is (Three20's `indexPathOfItemWithUserInfo:`,
  /// by identity).
  ///
  /// The default looks at every row in order, which asks for every item: data sources that
  /// make rows on demand should override it or avoid calling it.
  ///
  /// - Parameter id: The item's ``TTTableItem/id``.
  /// - Returns: The first row whose item has that identity, or `nil`.
  func indexPath(ofItemWithID id: String) -> IndexPath?
}
