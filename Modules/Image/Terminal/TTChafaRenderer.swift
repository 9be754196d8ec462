import CChafa
import Three20Style

/// Symbol art and sixels drawn by libchafa.
///
/// Every call makes its own canvas and frees it before returning, so calls may run on any
/// thread at the same time. libchafa spreads one canvas's work over its own worker threads (as
/// many as there are processors); measured on two cores, that makes an 80 × 24 canvas from a
/// megapixel bitmap about a third faster than one thread, so the default is kept.
enum TTChafaRenderer {
  /// The symbols pictures are drawn with: spaces, solid, half, quadrant, sextant and the
  /// other block elements, all one column wide in every terminal font that has them.
  static let symbolTags = ChafaSymbolTags(
    rawValue: CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
      | CHAFA_SYMBOL_TAG_BLOCK.rawValue
      | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_SEXTANT.rawValue)

  /// The bitmap as `cellSize` symbol cells, row by row, in the colours `profile` allows.
  ///
  /// - Parameters:
  ///   - bitmap: The pixels; libchafa scales them to the canvas. Not empty.
  ///   - cellSize: The cells, each side at least 1.
  ///   - profile: 24-bit, 240 palette colours (16–255), or the 16 basic ones; not `.none`.
  ///   - cellPixelSize: The size of a cell in pixels.
  /// - Returns: `cellSize.width × cellSize.height` cells; an empty array when libchafa fails.
  static func symbolCells(
    _ bitmap: TTImageBitmap, cellSize: TTSize, profile: TTColorProfile, cellPixelSize: TTSize
  ) -> [TTCell] {
    guard let config = chafa_canvas_config_new() else { return [] }
    defer { chafa_canvas_config_unref(config) }
    guard let symbols = chafa_symbol_map_new() else { return [] }
    defer { chafa_symbol_map_unref(symbols) }
    chafa_symbol_map_add_by_tags(symbols, symbolTags)
    chafa_canvas_config_set_symbol_map(config, symbols)
    chafa_canvas_config_set_geometry(config, Int32(cellSize.width), Int32(cellSize.height))
    chafa_canvas_config_set_cell_geometry(config, Int32(cellPixelSize.width), Int32(cellPixelSize.height))
    switch profile {
    case .trueColor:
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    case .ansi256:
      // 240: the cube and the grey ramp, never 0–15, which users redefine.
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED)
    case .ansi16, .none:
      chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_16)
      chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED)
    }
    guard let canvas = chafa_canvas_new(config) else { return [] }
    defer { chafa_canvas_unref(canvas) }
    draw(bitmap, on: canvas)

    var cells: [TTCell] = []
    cells.reserveCapacity(cellSize.width * cellSize.height)
    var foreground: Int32 = -1
    var background: Int32 = -1
    for y in 0..<Int32(cellSize.height) {
      for x in 0..<Int32(cellSize.width) {
        let code = chafa_canvas_get_char_at(canvas, x, y)
        chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background)
        cells.append(cell(code: code, foreground: foreground, background: background, profile: profile))
      }
    }
    return cells
  }

  /// One cell from what libchafa has at a place: its character and raw colours.
  ///
  /// - Parameters:
  ///   - code: The character's code point.
  ///   - foreground: The raw foreground: packed `0xRRGGBB` in 24-bit mode, a palette index
  ///     otherwise; negative for transparent.
  ///   - background: The raw background, the same way.
  ///   - profile: The mode the canvas was drawn in.
  /// - Returns: The cell; a character wider or narrower than one column, or one drawn in a
  ///   transparent colour (which the terminal would show in its own text colour), becomes a
  ///   space.
  static func cell(code: UInt32, foreground: Int32, background: Int32, profile: TTColorProfile) -> TTCell {
    let foregroundColor = color(raw: foreground, profile: profile)
    let backgroundColor = color(raw: background, profile: profile)
    var character: Character = " "
    if let scalar = Unicode.Scalar(code), foregroundColor != nil {
      let candidate = Character(scalar)
      if TTDisplayWidth.of(candidate) == 1 { character = candidate }
    }
    return TTCell(character, style: TTCellStyle(foreground: foregroundColor, background: backgroundColor))
  }

  /// The colour of a raw libchafa colour, or `nil` for transparent.
  ///
  /// Palette indices become the exact palette colour, so that the ANSI renderer, which looks
  /// for the nearest entry, writes the index libchafa chose.
  static func color(raw: Int32, profile: TTColorProfile) -> TTColor? {
    guard raw >= 0 else { return nil }
    switch profile {
    case .trueColor:
      return TTColor(red: Int(raw >> 16 & 0xFF), green: Int(raw >> 8 & 0xFF), blue: Int(raw & 0xFF))
    case .ansi256:
      guard raw < 256 else { return nil }
      return TTColor.xterm256(UInt8(max(16, raw)))
    case .ansi16, .none:
      guard raw < 16 else { return nil }
      return TTColor.xterm256(UInt8(raw))
    }
  }

  /// The bitmap as a DEC sixel image of `cellSize` cells of `cellPixelSize` pixels: one
  /// `ESC P 0;1;0 q … ESC \` sequence.
  ///
  /// libchafa makes the image's height a multiple of six pixels, rounding down, so that it
  /// never reaches into the row below; transparent pixels are left out (the terminal's
  /// background shows) and translucent ones are blended over black.
  ///
  /// - Parameters:
  ///   - bitmap: The pixels, scaled by libchafa. Not empty.
  ///   - cellSize: The cells, each side at least 1.
  ///   - cellPixelSize: The pixels per cell, each side at least 1.
  /// - Returns: The sequence, or `nil` when libchafa fails.
  static func sixel(_ bitmap: TTImageBitmap, cellSize: TTSize, cellPixelSize: TTSize) -> String? {
    guard let config = chafa_canvas_config_new() else { return nil }
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(cellSize.width), Int32(cellSize.height))
    chafa_canvas_config_set_cell_geometry(config, Int32(cellPixelSize.width), Int32(cellPixelSize.height))
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    guard let canvas = chafa_canvas_new(config) else { return nil }
    defer { chafa_canvas_unref(canvas) }
    draw(bitmap, on: canvas)

    // A database of our own (not the shared default), whose fallback terminal knows sixels.
    guard let database = chafa_term_db_new() else { return nil }
    defer { chafa_term_db_unref(database) }
    guard let terminal = chafa_term_db_get_fallback_info(database) else { return nil }
    defer { chafa_term_info_unref(terminal) }
    guard let printed = chafa_canvas_print(canvas, terminal) else { return nil }
    defer { g_string_free(printed, 1) }
    guard let start = printed.pointee.str, printed.pointee.len > 0 else { return nil }
    let bytes = UnsafeRawBufferPointer(start: start, count: Int(printed.pointee.len))
    // Only a whole DCS sixel sequence is passed on.
    guard bytes.starts(with: [0x1B, 0x50]), bytes.suffix(2).elementsEqual([0x1B, 0x5C]) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func draw(_ bitmap: TTImageBitmap, on canvas: OpaquePointer) {
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(bitmap.width), Int32(bitmap.height),
        Int32(bitmap.width * 4))
    }
  }
}
