public import Three20Core

/// A list of rows made from a model that loads: the data source of the Three20 tutorials'
/// feed readers, without the subclass.
///
/// The table controller observes ``model`` (not the data source), shows "Loading…" while it
/// loads, and once it has loaded calls ``tableViewDidLoadModel()``, which sets
/// ``TTListDataSource/items`` from ``makeItems(from:)``.
///
/// ```swift
/// let feed = FeedModel()   // a TTBaseModel subclass with `entries`
/// let source = TTModelDataSource(model: feed) { feed in
///   feed.entries.map { FeedItem(id: $0.link, title: $0.title, url: $0.link) }
/// }
/// controller.dataSource = source   // loads the feed, then shows its entries
/// ```
///
/// Subclasses may override ``makeItems(from:)`` instead of passing a closure.
@MainActor
open class TTModelDataSource<Model: TTModel>: TTListDataSource {
  /// The model the items come from.
  public let sourceModel: Model

  private let itemMaker: (@MainActor (Model) -> [any TTTableItem])?

  /// Creates a data source over a model.
  ///
  /// - Parameters:
  ///   - model: The model that loads the data.
  ///   - makeItems: Makes the rows from the loaded model; `nil` (the default) leaves it to
  ///     an override of ``makeItems(from:)``.
  public init(model: Model, makeItems: (@MainActor (Model) -> [any TTTableItem])? = nil) {
    sourceModel = model
    itemMaker = makeItems
    super.init()
  }

  /// The model the table observes: ``sourceModel``.
  override open var model: any TTModel { sourceModel }

  /// Makes the rows from the loaded model; the default calls the closure given to the
  /// initialiser, or returns no rows.
  ///
  /// - Parameter model: The loaded model.
  /// - Returns: The rows.
  open func makeItems(from model: Model) -> [any TTTableItem] {
    itemMaker?(model) ?? []
  }

  /// Sets ``TTListDataSource/items`` from ``makeItems(from:)``.
  override open func tableViewDidLoadModel() {
    items = makeItems(from: sourceModel)
  }
}
