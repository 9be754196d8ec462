/// A chain of drawing steps that gives a view its look: Three20's `TTStyle`.
///
/// Three20 linked style objects through `next`: a shape, then a fill, then a border, then the
/// text. Here the chain is a value: an ordered list of ``Layer``s, `Sendable` and `Equatable`,
/// built either the Three20 way, with `next:`, or with a result builder:
///
/// ```swift
/// // Three20: [TTShapeStyle styleWithShape:[TTRoundedRectangleShape shapeWithRadius:1]
/// //            next:[TTSolidFillStyle styleWithColor:blue next:
/// //            [TTSolidBorderStyle styleWithColor:black width:1 next:nil]]]
/// let button = TTShapeStyle(.rounded(1), next: TTSolidFillStyle(.blue, next: TTSolidBorderStyle(.black)))
///
/// let same = TTStyle {
///   TTShapeStyle(.rounded(1))
///   TTSolidFillStyle(.blue)
///   TTSolidBorderStyle(.black)
/// }
/// // button.style == same
/// ```
///
/// Each layer applies, in order, to the frame being drawn: ``Layer/shape(_:)`` sets the
/// outline for the layers after it, fills paint inside it, borders stroke it, ``Layer/inset(_:)``
/// and ``Layer/box(_:)`` move the frame or the content, ``Layer/text(_:)`` says how content
/// text looks, and ``Layer/content`` marks where the content is drawn if it should come before
/// later layers (otherwise it is drawn last).
///
/// Parts (``Layer/part(name:style:)``) can nest styles in styles. Nothing about a style
/// recurses over that nesting: comparing, hashing and writing it use an explicit stack, and
/// letting go of it takes the nested styles apart one level at a time, so even parts nested a
/// million deep never exhaust the call stack.
public struct TTStyle: TTStyleConvertible, Hashable, CustomReflectable {
  /// One step of a style chain.
  public indirect enum Layer: Sendable, Hashable {
    /// Sets the outline the following layers use (`TTShapeStyle`).
    case shape(TTShape)
    /// Fills the shape with one colour (`TTSolidFillStyle`).
    case solidFill(TTColor)
    /// Fills the shape with a top-to-bottom gradient (`TTLinearGradientFillStyle`).
    case linearGradientFill(TTColor, TTColor)
    /// Fills the shape with a glossy look: the colour, lighter in the top half, optionally
    /// with a highlight at the bottom (`TTReflectiveFillStyle`).
    case reflectiveFill(TTColor, bottomHighlight: Bool)
    /// Casts a shadow of the shape (`TTShadowStyle`).
    case shadow(TTShadow)
    /// Shades the inside edge of the shape (`TTInnerShadowStyle`).
    case innerShadow(TTShadow)
    /// Strokes the outline in one colour (`TTSolidBorderStyle`).
    case solidBorder(TTColor, width: Int)
    /// Strokes each side in its own colour; `nil` leaves a side out (`TTFourBorderStyle`).
    case fourBorder(TTFourBorder)
    /// Strokes the outline lighter on the sides facing the light, darker on the others
    /// (`TTBevelBorderStyle`).
    case bevelBorder(TTBevelBorder)
    /// Strokes the outline with a highlight along its top edge (`TTHighlightBorderStyle`).
    case highlightBorder(TTColor, highlight: TTColor, width: Int)
    /// Strokes the outline with a top-to-bottom gradient (`TTLinearGradientBorderStyle`).
    case linearGradientBorder(TTGradientBorder)
    /// Shrinks (or, with negative values, grows) the frame for the following layers (`TTInsetStyle`).
    case inset(TTEdgeInsets)
    /// Margin, padding, minimum size and positioning of the box (`TTBoxStyle`).
    case box(TTBox)
    /// How content text looks (`TTTextStyle`).
    case text(TTTextLook)
    /// An image, shown in a terminal as its alternate text or a placeholder (`TTImageStyle`).
    case image(TTImageLook)
    /// Clips the following layers to an image's shape; in a terminal it has no effect
    /// (`TTMaskStyle`).
    case mask(imageURL: String)
    /// How the following layers combine with what is beneath (`TTBlendStyle`).
    case blend(TTBlendMode)
    /// A named sub-style, skipped when drawing and fetched with ``part(named:)``
    /// (`TTPartStyle`).
    case part(name: String, style: TTStyle)
    /// Draws the content at this point of the chain (`TTContentStyle`).
    case content

    /// Whether two layers are the same, parts compared with everything nested in them.
    ///
    /// - Parameters:
    ///   - lhs: A layer.
    ///   - rhs: Another layer.
    /// - Returns: `true` when they are equal.
    public static func == (lhs: Layer, rhs: Layer) -> Bool {
      guard case .part = lhs else { return lhs.shallow == rhs.shallow }
      return TTStyle.equal([lhs], [rhs])
    }

    /// Hashes the layer and, for a part, everything nested in it, consistently with `==`.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
      TTStyle.hash([self], into: &hasher)
    }
  }

  /// The layers, boxed so that freeing deeply nested parts cannot overflow the stack.
  ///
  /// `nil` when there are none. Shared between copies until one of them changes.
  private var storage: Storage?

  /// The layers, first to last.
  public var layers: [Layer] {
    get { storage?.layers ?? [] }
    _modify {
      // A missing or shared box is replaced by one of this style's own (`false` for `nil`).
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage?.layers ?? []) }
      yield &storage!.layers
    }
  }

  /// Creates a style from layers.
  ///
  /// - Parameter layers: The steps, first to last.
  public init(_ layers: [Layer] = []) {
    storage = layers.isEmpty ? nil : Storage(layers)
  }

  /// Creates a style from anything that converts to one, such as ``TTSolidFillStyle``.
  ///
  /// - Parameter convertible: The style.
  public init(_ convertible: some TTStyleConvertible) {
    self = convertible.style
  }

  /// The style itself.
  public var style: TTStyle { self }

  /// Creates a style with a result builder, one layer or style per line.
  ///
  /// - Parameter content: The layers, first to last.
  public init(@TTStyleBuilder _ content: () -> TTStyle) {
    self = content()
  }

  /// A style that draws nothing.
  public static let empty = TTStyle()

  /// The style after the first layer, as Three20's `next` (`nil` when there is none).
  public var next: TTStyle? {
    layers.count > 1 ? TTStyle(Array(layers.dropFirst())) : nil
  }

  /// This style followed by another (Three20's `addStyle:`).
  ///
  /// - Parameter other: The style to append.
  /// - Returns: The combined chain.
  public func appending(_ other: some TTStyleConvertible) -> TTStyle {
    TTStyle(layers + other.style.layers)
  }

  /// The named part, searched through the chain (Three20's `styleForPart:`).
  ///
  /// - Parameter name: The part's name.
  /// - Returns: The part's style, or `nil` when the chain has no part of that name.
  public func part(named name: String) -> TTStyle? {
    for case .part(let partName, let style) in layers where partName == name {
      return style
    }
    return nil
  }

  /// The first layer for which `match` returns a value (Three20's `firstStyleOfClass:`).
  ///
  /// ```swift
  /// let look = style.first { if case .text(let look) = $0 { look } else { nil } }
  /// ```
  ///
  /// - Parameter match: Returns a value for the layer wanted, `nil` for the others.
  /// - Returns: The first value found, or `nil`.
  public func first<Value>(where match: (Layer) -> Value?) -> Value? {
    for layer in layers {
      if let value = match(layer) { return value }
    }
    return nil
  }

  /// The text look of the chain: its first ``Layer/text(_:)`` layer, or the default look.
  public var textLook: TTTextLook {
    first { if case .text(let look) = $0 { look } else { nil } } ?? TTTextLook()
  }

  /// The outline of the chain: its first ``Layer/shape(_:)`` layer, or a rectangle.
  public var outline: TTShape {
    first { if case .shape(let shape) = $0 { shape } else { nil } } ?? .rectangle
  }

  /// The style's layers, as a stored `layers` property would show them.
  public var customMirror: Mirror {
    Mirror(self, children: ["layers": layers])
  }

  /// Whether two styles have the same layers, parts compared with everything nested in them.
  ///
  /// Compares with an explicit stack, so parts nested to any depth can be compared.
  ///
  /// - Parameters:
  ///   - lhs: A style.
  ///   - rhs: Another style.
  /// - Returns: `true` when their layers are equal, in order.
  public static func == (lhs: TTStyle, rhs: TTStyle) -> Bool {
    lhs.storage === rhs.storage || equal(lhs.layers, rhs.layers)
  }

  /// Hashes the layers and everything nested in them, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    TTStyle.hash(layers, into: &hasher)
  }

  /// Whether two lists of layers are equal, nested parts included, without recursion.
  fileprivate static func equal(_ lhs: [Layer], _ rhs: [Layer]) -> Bool {
    var pending = [(lhs, rhs)]
    while let (left, right) = pending.popLast() {
      guard left.count == right.count else { return false }
      for (leftLayer, rightLayer) in zip(left, right) {
        guard leftLayer.shallow == rightLayer.shallow else { return false }
        if case .part(_, let leftStyle) = leftLayer, case .part(_, let rightStyle) = rightLayer,
          leftStyle.storage !== rightStyle.storage
        {
          pending.append((leftStyle.layers, rightStyle.layers))
        }
      }
    }
    return true
  }

  /// Hashes a list of layers, nested parts included, without recursion.
  fileprivate static func hash(_ layers: [Layer], into hasher: inout Hasher) {
    var pending = [layers]
    while let list = pending.popLast() {
      // Each list with its length, in a fixed order, spells out the nesting.
      hasher.combine(list.count)
      for layer in list {
        hasher.combine(layer.shallow)
        if case .part(_, let style) = layer { pending.append(style.layers) }
      }
    }
  }
}

extension TTStyle {
  /// A style's layers, boxed so that nested parts are taken apart without deep recursion.
  ///
  /// Swift destroys a list of layers by destroying each layer, and a part's style with it, and
  /// so on: one nested call per level of parts, enough to overflow the stack for parts nested a
  /// million deep. A box lets that happen only while few frees are nested
  /// (``TTNestedTeardown``); deeper, it moves the boxes of the styles in its parts onto a list,
  /// empties its own layers, and frees the list one box at a time, emptying each before it
  /// goes, so that every box frees at most one level below it.
  ///
  /// A box is changed only while one style holds it (see ``TTStyle/layers``); shared boxes are
  /// read-only, which makes it safe to share between threads.
  fileprivate final class Storage: @unchecked Sendable {
    var layers: [Layer]

    init(_ layers: [Layer]) {
      self.layers = layers
    }

    deinit {
      guard layers.contains(where: { if case .part = $0 { true } else { false } }) else { return }
      if TTNestedTeardown.freeRecursively({ layers = [] }) { return }
      var pending: [Storage] = []
      Storage.detach(&layers, into: &pending)
      while var box = pending.popLast() {
        // A box that nobody else holds is emptied here, so freeing it frees no further levels.
        if isKnownUniquelyReferenced(&box) { Storage.detach(&box.layers, into: &pending) }
      }
    }

    /// Moves the boxes of the parts' styles onto `pending` and empties `layers`.
    private static func detach(_ layers: inout [Layer], into pending: inout [Storage]) {
      for case .part(_, let style) in layers {
        if let box = style.storage { pending.append(box) }
      }
      layers = []
    }
  }
}

extension TTStyle.Layer {
  /// A layer without a part's nested style: what `==` and `hash(into:)` compare at each level.
  ///
  /// The switch below is exhaustive, so a new kind of layer cannot be left out of comparisons.
  fileprivate enum Shallow: Hashable {
    case shape(TTShape)
    case solidFill(TTColor)
    case linearGradientFill(TTColor, TTColor)
    case reflectiveFill(TTColor, Bool)
    case shadow(TTShadow)
    case innerShadow(TTShadow)
    case solidBorder(TTColor, Int)
    case fourBorder(TTFourBorder)
    case bevelBorder(TTBevelBorder)
    case highlightBorder(TTColor, TTColor, Int)
    case linearGradientBorder(TTGradientBorder)
    case inset(TTEdgeInsets)
    case box(TTBox)
    case text(TTTextLook)
    case image(TTImageLook)
    case mask(String)
    case blend(TTBlendMode)
    case part(String)
    case content
  }

  /// The layer without its nested style.
  fileprivate var shallow: Shallow {
    switch self {
    case .shape(let shape): .shape(shape)
    case .solidFill(let color): .solidFill(color)
    case .linearGradientFill(let top, let bottom): .linearGradientFill(top, bottom)
    case .reflectiveFill(let color, let bottomHighlight): .reflectiveFill(color, bottomHighlight)
    case .shadow(let shadow): .shadow(shadow)
    case .innerShadow(let shadow): .innerShadow(shadow)
    case .solidBorder(let color, let width): .solidBorder(color, width)
    case .fourBorder(let border): .fourBorder(border)
    case .bevelBorder(let border): .bevelBorder(border)
    case .highlightBorder(let color, let highlight, let width): .highlightBorder(color, highlight, width)
    case .linearGradientBorder(let border): .linearGradientBorder(border)
    case .inset(let insets): .inset(insets)
    case .box(let box): .box(box)
    case .text(let look): .text(look)
    case .image(let look): .image(look)
    case .mask(let imageURL): .mask(imageURL)
    case .blend(let mode): .blend(mode)
    case .part(let name, _): .part(name)
    case .content: .content
    }
  }
}

/// Something that is, or makes, a ``TTStyle``: a style chain or one of Three20's style classes.
public protocol TTStyleConvertible: Sendable {
  /// The style chain.
  var style: TTStyle { get }
}

/// Builds a ``TTStyle`` from a list of styles, one per line.
@resultBuilder
public enum TTStyleBuilder {
  /// Joins the lines into one chain, in order.
  ///
  /// - Parameter styles: The lines.
  /// - Returns: The chain.
  public static func buildBlock(_ styles: TTStyle...) -> TTStyle {
    TTStyle(styles.flatMap(\.layers))
  }

  /// Lets a line be a style or one of Three20's style classes.
  ///
  /// - Parameter style: The style.
  /// - Returns: The style.
  public static func buildExpression(_ style: some TTStyleConvertible) -> TTStyle {
    style.style
  }

  /// Supports `if` without `else`.
  ///
  /// - Parameter style: The style when the condition holds.
  /// - Returns: The style, or an empty one.
  public static func buildOptional(_ style: TTStyle?) -> TTStyle {
    style ?? .empty
  }

  /// Supports the first branch of `if`/`else`.
  ///
  /// - Parameter style: The branch's style.
  /// - Returns: The style.
  public static func buildEither(first style: TTStyle) -> TTStyle {
    style
  }

  /// Supports the second branch of `if`/`else`.
  ///
  /// - Parameter style: The branch's style.
  /// - Returns: The style.
  public static func buildEither(second style: TTStyle) -> TTStyle {
    style
  }

  /// Supports `for` loops.
  ///
  /// - Parameter styles: One style per iteration.
  /// - Returns: The joined chain.
  public static func buildArray(_ styles: [TTStyle]) -> TTStyle {
    TTStyle(styles.flatMap(\.layers))
  }
}
