/// A property of the stylesheet format, and the layer it makes.
enum TTStyleSheetProperty: String, CaseIterable, Sendable {
  case shape
  case background
  case border
  case borderTop = "border-top"
  case borderRight = "border-right"
  case borderBottom = "border-bottom"
  case borderLeft = "border-left"
  case boxShadow = "box-shadow"
  case inset
  case margin
  case padding
  case minWidth = "min-width"
  case minHeight = "min-height"
  case position
  case color
  case backgroundColor = "background-color"
  case fontWeight = "font-weight"
  case fontStyle = "font-style"
  case textDecoration = "text-decoration"
  case inverse
  case textShadow = "text-shadow"
  case textAlign = "text-align"
  case verticalAlign = "vertical-align"
  case lineBreak = "line-break"
  case lines
  case image
  case imageSize = "image-size"
  case imageFit = "image-fit"
  case mask
  case blend
  case content

  /// Properties that several declarations in a row build together into one layer.
  enum Group: Sendable, Hashable {
    /// `border-top`, `border-right`, `border-bottom`, `border-left`: one four-sided border.
    case fourBorder
    /// `margin`, `padding`, `min-width`, `min-height`, `position`: one box.
    case box
    /// `color` … `lines`: one text look.
    case text
    /// `image`, `image-size`, `image-fit`: one image.
    case image
  }

  /// The group the property belongs to, or `nil` when each declaration is a layer of its own.
  var group: Group? {
    switch self {
    case .borderTop, .borderRight, .borderBottom, .borderLeft: .fourBorder
    case .margin, .padding, .minWidth, .minHeight, .position: .box
    case .color, .backgroundColor, .fontWeight, .fontStyle, .textDecoration, .inverse, .textShadow,
      .textAlign, .verticalAlign, .lineBreak, .lines:
      .text
    case .image, .imageSize, .imageFit: .image
    default: nil
    }
  }
}
