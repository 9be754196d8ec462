import Testing
import Three20Style

@Suite("TTSVGMetrics")
struct TTSVGMetricsTests {
  /// The defaults are 10 × 20 pixel cells, 2 pixel borders, 4 pixel shadow and 1 pixel text-shadow steps.
  @Test func defaults() {
    let metrics = TTSVGMetrics()
    #expect(metrics.columnWidth == 10)
    #expect(metrics.rowHeight == 20)
    #expect(metrics.borderPixelsPerCell == 2)
    #expect(metrics.shadowPixelsPerCell == 4)
    #expect(metrics.textShadowPixelsPerCell == 1)
  }

  /// Cells convert to pixels by column width and row height; rectangles too.
  @Test func cellsBecomePixels() {
    let metrics = TTSVGMetrics(columnWidth: 8, rowHeight: 16)
    #expect(metrics.pixels(columns: 3) == 24)
    #expect(metrics.pixels(rows: -2) == -32)
    #expect(
      metrics.pixels(TTRect(x: 1, y: 2, width: 3, height: 4))
        == TTShapePath.Rect(x: 8, y: 32, width: 24, height: 64))
  }

  /// Radii use the column width, borders their own scale; negative values give 0.
  @Test func radiiAndStrokes() {
    let metrics = TTSVGMetrics()
    #expect(metrics.radius(2) == 20)
    #expect(metrics.radius(-5) == 0)
    #expect(metrics.strokeWidth(1) == 2)
    #expect(metrics.strokeWidth(3) == 6)
    #expect(metrics.strokeWidth(-1) == 0)
  }

  /// Shadow offsets and blur scale by the shadow step; blur becomes a standard deviation.
  @Test func shadowScale() {
    let metrics = TTSVGMetrics(shadowPixelsPerCell: 3)
    #expect(metrics.shadowOffset(TTPoint(x: 1, y: -2)) == TTShapePath.Point(x: 3, y: -6))
    #expect(metrics.shadowDeviation(2) == 3)
    #expect(metrics.shadowDeviation(-2) == 0)
  }

  /// Metrics that are zero, negative or not finite fall back to the defaults.
  @Test(arguments: [0.0, -1.0, .nan, .infinity, -.infinity])
  func insaneValuesFallBack(value: Double) {
    var metrics = TTSVGMetrics(
      columnWidth: value, rowHeight: value, borderPixelsPerCell: value, shadowPixelsPerCell: value,
      textShadowPixelsPerCell: value)
    #expect(metrics == TTSVGMetrics())
    metrics.columnWidth = value
    metrics.rowHeight = value
    #expect(metrics.columnWidth == 10)
    #expect(metrics.rowHeight == 20)
  }

  /// A monospace character fits a column and a row: the font is at most 70 % of the row.
  @Test func fontFitsACell() {
    #expect(TTSVGMetrics().fontSize == 14)
    #expect(abs(TTSVGMetrics(columnWidth: 6, rowHeight: 20).fontSize - 10) < 1e-9)
  }
}
