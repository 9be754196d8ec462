public import Three20
public import Three20UICommon

/// One screen of the Catalog: where it sits in the index, the URL that opens it, and how it
/// is made.
///
/// Each module's folder lists its demos (`CoreDemos.all`, `StyleDemos.all`, …); the index,
/// `--list`, the URL map and the tests all read them from ``CatalogDemo/all``.
public struct CatalogDemo: Sendable {
  /// The index's sections, one per module and one for the classic tutorials, in the order the
  /// index shows them.
  public enum Section: String, Sendable, CaseIterable {
    case core = "Core"
    case style = "Style"
    case uiCommon = "UICommon"
    case controls = "Controls"
    case table = "Table"
    case navigator = "Navigator"
    case network = "Network"
    case xml = "XMLExt"
    case image = "Photos"
    case web = "Web"
    case tutorials = "Tutorials"
  }

  /// Makes the demo's controller for a matched URL.
  public typealias Factory = @MainActor @Sendable (TTURLMatch, [String: any Sendable]) -> TTViewController?

  /// The index section.
  public var section: Section
  /// The title shown in the index and the navigation bar.
  public var title: String
  /// The URL the index opens, such as `tt://core/strings`.
  public var url: String
  /// The pattern mapped in the URL map; the URL itself unless the demo takes parameters.
  ///
  /// Demos may share a pattern (one screen, different queries): the first one's factory is
  /// mapped.
  public var pattern: String
  /// One line on what the demo shows.
  public var summary: String
  /// How the navigator shows it.
  public var mode: TTNavigationMode
  /// The URL opened beneath it first: the index by default; `nil` to open it over whatever is
  /// showing (an item opened from a list).
  public var parentURL: String?
  /// Whether the index and `--list` show it; routes that only other demos open are not listed.
  public var isListed: Bool
  /// Text a rendering of ``url`` must contain, whatever the width (checked by the tests).
  public var keyContent: [String]
  /// Makes the controller.
  public var make: Factory

  /// Creates a demo.
  public init(
    _ section: Section, _ title: String, url: String, pattern: String? = nil, summary: String,
    mode: TTNavigationMode = .create, parentURL: String? = CatalogDemo.indexURL, isListed: Bool = true,
    keyContent: [String] = [],
    make: @escaping Factory
  ) {
    self.section = section
    self.title = title
    self.url = url
    self.pattern = pattern ?? url
    self.summary = summary
    self.mode = mode
    self.parentURL = parentURL
    self.isListed = isListed
    self.keyContent = keyContent
    self.make = make
  }

  /// The URL of the index.
  public static let indexURL = "tt://catalog"

  /// Every demo of every module, in index order.
  public static var all: [CatalogDemo] {
    CoreDemos.all + StyleDemos.all + UICommonDemos.all + ControlsDemos.all + TableDemos.all
      + NavigatorDemos.all
      + NetworkDemos.all + XMLDemos.all + ImageDemos.all + WebDemos.all
      + TutorialDemos.all
  }

  /// The demos the index and `--list` show.
  public static var listed: [CatalogDemo] { all.filter(\.isListed) }
}
