/// Builds a style's layers from declarations, joining grouped properties into one layer.
///
/// A grouped declaration joins the layer made just before it when that layer came from the
/// same group and does not yet have the property (and, for border sides, has the same
/// width); otherwise it starts a new layer.
struct TTStyleSheetLayerBuilder {
  private(set) var layers: [TTStyle.Layer] = []
  private var openGroup: TTStyleSheetProperty.Group?
  private var openProperties: Set<TTStyleSheetProperty> = []

  /// The style built so far.
  var style: TTStyle { TTStyle(layers) }

  /// Adds a layer of its own.
  mutating func append(_ layer: TTStyle.Layer) {
    layers.append(layer)
    openGroup = nil
    openProperties = []
  }

  /// Sets one side of a four-sided border.
  mutating func setBorderSide(
    _ property: TTStyleSheetProperty, width: Int, _ update: (inout TTFourBorder) -> Void
  ) {
    var border = TTFourBorder(width: width)
    if joins(property), case .fourBorder(let open)? = layers.last, open.width == width {
      border = open
      layers.removeLast()
    } else {
      startGroup(property)
    }
    update(&border)
    layers.append(.fourBorder(border))
    openProperties.insert(property)
  }

  /// Sets one property of a box.
  mutating func setBox(_ property: TTStyleSheetProperty, _ update: (inout TTBox) -> Void) {
    var box = TTBox()
    if joins(property), case .box(let open)? = layers.last {
      box = open
      layers.removeLast()
    } else {
      startGroup(property)
    }
    update(&box)
    layers.append(.box(box))
    openProperties.insert(property)
  }

  /// Sets one property of a text look.
  mutating func setText(_ property: TTStyleSheetProperty, _ update: (inout TTTextLook) -> Void) {
    var look = TTTextLook()
    if joins(property), case .text(let open)? = layers.last {
      look = open
      layers.removeLast()
    } else {
      startGroup(property)
    }
    update(&look)
    layers.append(.text(look))
    openProperties.insert(property)
  }

  /// Sets one property of an image.
  mutating func setImage(_ property: TTStyleSheetProperty, _ update: (inout TTImageLook) -> Void) {
    var look = TTImageLook()
    if joins(property), case .image(let open)? = layers.last {
      look = open
      layers.removeLast()
    } else {
      startGroup(property)
    }
    update(&look)
    layers.append(.image(look))
    openProperties.insert(property)
  }

  private func joins(_ property: TTStyleSheetProperty) -> Bool {
    openGroup == property.group && !openProperties.contains(property)
  }

  private mutating func startGroup(_ property: TTStyleSheetProperty) {
    openGroup = property.group
    openProperties = []
  }
}
