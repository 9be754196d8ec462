import Synchronization
public import Three20Core
public import Three20Style

/// Which cell draws which item: Three20's `cellClassForObject:`, as a table instead of an
/// if/else chain.
///
/// Register a cell for an item type; the table asks the registry for every row it draws.
/// An item type with no cell of its own gets ``fallbackCell``, which shows the item readably
/// rather than failing.
///
/// ```swift
/// let registry = TTTableCellRegistry()
/// registry.register(FriendCell(), for: FriendItem.self)
/// registry.cell(for: FriendItem(id: "1", name: "Ada"))   // FriendCell
/// ```
public final class TTTableCellRegistry: Sendable {
  private let cells = Mutex<[ObjectIdentifier: any TTTableCell]>([:])

  /// The cell for item types that have none registered.
  public let fallbackCell: any TTTableCell

  /// Creates a registry with no registrations.
  ///
  /// - Parameter fallbackCell: The cell for unregistered item types; a ``TTTableFallbackCell``
  ///   by default.
  public init(fallbackCell: any TTTableCell = TTTableFallbackCell()) {
    self.fallbackCell = fallbackCell
  }

  /// Registers the cell that draws items of a type, replacing any earlier one.
  ///
  /// - Parameters:
  ///   - cell: The cell.
  ///   - itemType: The item type it draws.
  public func register<Item: TTTableItem>(_ cell: any TTTableCell, for itemType: Item.Type) {
    cells.withLock { $0[ObjectIdentifier(itemType)] = cell }
  }

  /// Removes the cell registered for an item type.
  ///
  /// - Parameter itemType: The item type.
  public func unregister<Item: TTTableItem>(_ itemType: Item.Type) {
    cells.withLock { $0[ObjectIdentifier(itemType)] = nil }
  }

  /// The cell registered for an item's type, or `nil` when there is none.
  ///
  /// - Parameter item: The item.
  /// - Returns: The registered cell.
  public func registeredCell(for item: any TTTableItem) -> (any TTTableCell)? {
    let key = ObjectIdentifier(type(of: item))
    return cells.withLock { $0[key] }
  }

  /// The cell that draws an item: the one registered for its type, else ``fallbackCell``.
  ///
  /// - Parameter item: The item.
  /// - Returns: The cell.
  public func cell(for item: any TTTableItem) -> any TTTableCell {
    registeredCell(for: item) ?? fallbackCell
  }
}

/// The cell for items nobody registered a cell for: it shows the item's type and identity in
/// grey, so the row is readable and the missing registration is easy to spot.
public struct TTTableFallbackCell: TTTableCell {
  /// Creates the fallback cell.
  public init() {}

  /// Draws `‹TypeName› id` on one line, truncated to the width.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - width: The row's width.
  ///   - state: Selection state; a selected row is shown inverted.
  /// - Returns: A one-row canvas.
  public func render(_ item: any TTTableItem, width: Int, state: TTTableCellState) -> TTCanvas {
    var canvas = TTCanvas(width: width, height: 1)
    let text = "‹\(type(of: item))› \(item.id)"
    canvas.write(
      TTDisplayWidth.truncate(text, to: width), at: .zero,
      style: TTCellStyle(foreground: .gray, attributes: state.isSelected ? .inverse : []))
    return canvas
  }
}

extension TTTableCellRegistry {
  /// A new registry with a cell for every built-in item: Three20's default
  /// `cellClassForObject:`.
  ///
  /// Each call makes a new registry, so registering your own cells in one never changes
  /// another table's. Three20 chose a cell by walking its item class hierarchy; Swift items
  /// have no hierarchy, so each item type is registered once:
  ///
  /// | Item | Cell |
  /// |---|---|
  /// | ``TTTableTextItem`` | ``TTTableTextItemCell`` |
  /// | ``TTTableCaptionItem`` | ``TTTableCaptionItemCell`` |
  /// | ``TTTableRightCaptionItem`` | ``TTTableRightCaptionItemCell`` |
  /// | ``TTTableSubtextItem`` | ``TTTableSubtextItemCell`` |
  /// | ``TTTableSettingsItem`` | ``TTTableSettingsItemCell`` |
  /// | ``TTTableSubtitleItem`` | ``TTTableSubtitleItemCell`` |
  /// | ``TTTableMessageItem`` | ``TTTableMessageItemCell`` |
  /// | ``TTTableLongTextItem`` | ``TTTableLongTextItemCell`` |
  /// | ``TTTableGrayTextItem`` | ``TTTableGrayTextItemCell`` |
  /// | ``TTTableSummaryItem`` | ``TTTableSummaryItemCell`` |
  /// | ``TTTableLink`` | ``TTTableLinkCell`` |
  /// | ``TTTableButton`` | ``TTTableButtonCell`` |
  /// | ``TTTableMoreButton`` | ``TTTableMoreButtonCell`` |
  /// | ``TTTableImageItem`` | ``TTTableImageItemCell`` |
  /// | ``TTTableRightImageItem`` | ``TTTableRightImageItemCell`` |
  /// | ``TTTableStyledTextItem`` | ``TTStyledTextTableItemCell`` |
  /// | ``TTTableActivityItem`` | ``TTTableActivityItemCell`` |
  /// | ``TTTableControlItem`` | ``TTTableControlCell`` |
  /// | anything else | ``fallbackCell`` |
  ///
  /// Section titles (``TTTableSection``) are drawn by ``TTTableHeaderCell`` and
  /// ``TTTableFooterCell``.
  ///
  /// ```swift
  /// let registry = TTTableCellRegistry.standard()
  /// registry.cell(for: TTTableLink(text: "Docs")) is TTTableLinkCell   // true
  /// registry.register(FriendCell(), for: FriendItem.self)            // only in this registry
  /// ```
  ///
  /// - Parameters:
  ///   - dateFormatting: How the message cell writes timestamps; `TTDateFormatting.standard`
  ///     by default. Tests pass one with a fixed clock.
  ///   - fallbackCell: The cell for unregistered item types; a ``TTTableFallbackCell`` by default.
  /// - Returns: The registry.
  public static func standard(
    dateFormatting: TTDateFormatting = .standard, fallbackCell: any TTTableCell = TTTableFallbackCell()
  ) -> TTTableCellRegistry {
    let registry = TTTableCellRegistry(fallbackCell: fallbackCell)
    registry.register(TTTableTextItemCell(), for: TTTableTextItem.self)
    registry.register(TTTableCaptionItemCell(), for: TTTableCaptionItem.self)
    registry.register(TTTableRightCaptionItemCell(), for: TTTableRightCaptionItem.self)
    registry.register(TTTableSubtextItemCell(), for: TTTableSubtextItem.self)
    registry.register(TTTableSettingsItemCell(), for: TTTableSettingsItem.self)
    registry.register(TTTableSubtitleItemCell(), for: TTTableSubtitleItem.self)
    registry.register(TTTableMessageItemCell(dateFormatting: dateFormatting), for: TTTableMessageItem.self)
    registry.register(TTTableLongTextItemCell(), for: TTTableLongTextItem.self)
    registry.register(TTTableGrayTextItemCell(), for: TTTableGrayTextItem.self)
    registry.register(TTTableSummaryItemCell(), for: TTTableSummaryItem.self)
    registry.register(TTTableLinkCell(), for: TTTableLink.self)
    registry.register(TTTableButtonCell(), for: TTTableButton.self)
    registry.register(TTTableMoreButtonCell(), for: TTTableMoreButton.self)
    registry.register(TTTableImageItemCell(), for: TTTableImageItem.self)
    registry.register(TTTableRightImageItemCell(), for: TTTableRightImageItem.self)
    registry.register(TTStyledTextTableItemCell(), for: TTTableStyledTextItem.self)
    registry.register(TTTableActivityItemCell(), for: TTTableActivityItem.self)
    registry.register(TTTableControlCell(), for: TTTableControlItem.self)
    return registry
  }
}
