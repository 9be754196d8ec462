/// The titles of a table section: Three20's `TTTableSection`.
///
/// Sectioned data sources keep one per section; the table controller draws the header with
/// ``TTTableHeaderCell`` and the footer with ``TTTableFooterCell``. A section is not a row,
/// so it is not a ``TTTableItem``.
///
/// ```swift
/// TTTableSection(headerTitle: "Images", footerTitle: "Pictures load in the background.")
/// ```
public struct TTTableSection: Sendable, Hashable {
  /// The header's title; `nil` for no header.
  public var headerTitle: String?
  /// The footer's title; `nil` for no footer.
  public var footerTitle: String?

  /// Creates a section's titles (Three20's `sectionWithHeaderTitle:footerTitle:`).
  ///
  /// - Parameters:
  ///   - headerTitle: The header's title; `nil` by default.
  ///   - footerTitle: The footer's title; `nil` by default.
  public init(headerTitle: String? = nil, footerTitle: String? = nil) {
    self.headerTitle = headerTitle
    self.footerTitle = footerTitle
  }
}
