import Foundation
import Three20Style

/// One instruction for the layout.
///
/// What the document says, with its styles worked out and everything that is not shown left
/// out. `TTWebItemBuilder` makes them from the tree,
/// `TTWebFlowLayout` lays them out at a width.
///
/// Styles, links, blocks, images and tables are indexes into the tables of `TTWebItems`.
enum TTWebItem {
  /// Text whose whitespace collapses (runs are one space, none at a line start).
  case text(String, style: Int32, link: Int32)
  /// Preformatted text: whitespace kept, newlines break lines, tabs go to the next multiple of 8.
  case preText(String, style: Int32, link: Int32)
  /// A token that is never broken inside (a form control), unless it is wider than a line.
  case atom(String, style: Int32, link: Int32)
  /// A block starts (`TTWebItems/blocks`).
  case open(Int32)
  /// The innermost open block ends.
  case close
  /// `<br>`: the line ends here.
  case lineBreak
  /// `<wbr>`: a line may break here, without a space.
  case wordBreak
  /// `<hr>`: a rule across the width.
  case rule
  /// A picture box (`TTWebItems/images`).
  case image(Int32)
  /// An anchor starts here (`TTWebItems/anchors`).
  case anchor(Int32)
  /// A text area, drawn as its text in a box (`TTWebItems/textBoxes`).
  case textBox(Int32)
  /// A table starts (`TTWebItems/tables`); rows, cells and a caption follow, then ``tableEnd``.
  case tableStart(Int32)
  /// The table ends.
  case tableEnd
  /// A row of the table starts.
  case rowStart
  /// The row ends.
  case rowEnd
  /// A cell starts: how many columns it spans (1…1000) and whether it is a header cell.
  case cellStart(colspan: Int32, header: Bool)
  /// The cell ends.
  case cellEnd
  /// The table's caption starts.
  case captionStart
  /// The caption ends.
  case captionEnd
}

/// How a block sits in the flow: blank lines around it, what it puts in front of its lines.
struct TTWebBlock {
  /// What a block puts at the start of each of its lines.
  enum Segment {
    /// Nothing.
    case none
    /// Spaces.
    case indent(Int)
    /// The quote bar, `│ `.
    case quote
    /// A list marker on the first line (`  • `, ` 10. `), spaces of its width on the others.
    case marker(String)
  }

  /// Blank lines before the block (they collapse with the ones around it).
  var marginTop: Int
  /// Blank lines after the block.
  var marginBottom: Int
  /// What the block puts at the start of each line.
  var segment: Segment
  /// Whether its text is preformatted.
  var isPreformatted: Bool
}

/// A link as the document wrote it.
struct TTWebLinkRecord {
  /// The `href` (control characters removed).
  var href: String
  /// What resolving it gave.
  var resolution: TTWebURLResolver.Resolution
  /// The text inside it, as written (bounded).
  var text: String
  /// The alternate text of the first image inside, for links without text.
  var imageAlt: String?
  /// Its `aria-label` or `title`, for links without text or image (icon links).
  var label: String?
  /// Whether anything was shown for it.
  var hasContent: Bool
}

/// An image that gets a box.
struct TTWebImageRecord {
  /// Its URL.
  var url: URL
  /// Its alternate text.
  var alt: String
  /// Its `width` and `height` attributes, in pixels.
  var pixelWidth: Int?
  var pixelHeight: Int?
  /// The link around it, or -1.
  var link: Int32
  /// The style of its alternate text.
  var style: Int32
}

/// A text area's text.
struct TTWebTextBoxRecord {
  /// The text, newlines kept.
  var text: String
  /// Its `cols` attribute.
  var columns: Int?
  /// The style of the text.
  var style: Int32
}

/// A table's own settings.
struct TTWebTableRecord {
  /// Whether it asked for borders (`border` other than 0).
  var hasBorderAttribute: Bool
}

/// The items of a document and the tables they index.
struct TTWebItems {
  var items: [TTWebItem] = []
  var blocks: [TTWebBlock] = []
  var styles: [TTCellStyle] = []
  var links: [TTWebLinkRecord] = []
  var anchors: [String] = []
  var images: [TTWebImageRecord] = []
  var tables: [TTWebTableRecord] = []
  var textBoxes: [TTWebTextBoxRecord] = []
  /// The styles of what the layout adds: rule, quote bar, table border, list marker.
  var ruleStyle: Int32 = 0
  var quoteStyle: Int32 = 0
  var borderStyle: Int32 = 0
  var markerStyle: Int32 = 0
  var strongStyle: Int32 = 0
}
