import Testing
import Three20Style

/// A canvas holds every cell in memory, so its size is bounded; sizes from input are checked.
@Suite("TTCanvas size bounds")
struct TTCanvasSizeTests {
  /// A size beyond the limits is cut down: the width to the widest, then the rows to what the
  /// cell limit allows at that width.
  @Test(arguments: [
    (20_000, 1, TTSize(width: 10_000, height: 1)),
    (1, 20_000, TTSize(width: 1, height: 10_000)),
    (1_500, 1_000, TTSize(width: 1_500, height: 666)),
    (80, 24, TTSize(width: 80, height: 24)),
    (-3, 5, TTSize(width: 0, height: 5)),
  ])
  func oversizedCanvasesAreCutToFit(width: Int, height: Int, size: TTSize) {
    let canvas = TTCanvas(width: width, height: height)
    #expect(canvas.size == size)
    #expect(TTCanvas.fittingSize(width: width, height: height) == size)
    #expect(canvas.width * canvas.height <= TTCanvas.maximumCellCount)
  }

  /// The largest sizes asked for are cut without allocating them (10,000 × 10,000 cells would
  /// take about 12 GB).
  @Test func hugeSizesAreFittedWithoutAllocatingThem() {
    #expect(TTCanvas.fittingSize(width: 10_000, height: 10_000) == TTSize(width: 10_000, height: 100))
    #expect(TTCanvas.fittingSize(width: Int.max, height: Int.max) == TTSize(width: 10_000, height: 100))
    var canvas = TTCanvas(width: 10_000, height: 10_000)
    #expect(canvas.size == TTSize(width: 10_000, height: 100))
    // Drawing beyond the rows kept is clipped, as anywhere outside a canvas.
    canvas.write("below", at: TTPoint(x: 0, y: 5_000))
    canvas.fill(TTRect(x: 0, y: 99, width: 10_000, height: 9_000), with: "#", style: .plain)
    #expect(canvas[9_999, 99].character == "#")
  }

  /// The checked creation refuses a negative side, a side beyond its maximum and too many
  /// cells, naming the size and what fits.
  @Test(arguments: [
    (-1, 5, "negative"),
    (10_001, 1, "from 0 to 10000"),
    (1, 10_001, "from 0 to 10000"),
    (2_000, 2_000, "holds 4000000 cells, more than the most, 1000000; at 2000 columns give at most 500 rows"),
    (10_000, 10_000, "at 10000 columns give at most 100 rows"),
  ])
  func checkedCreationRefusesSizesBeyondTheLimits(width: Int, height: Int, mention: String) {
    #expect {
      _ = try TTCanvas(checkedWidth: width, height: height)
    } throws: { error in
      guard let error = error as? TTStyleError else { return false }
      return error.code == .invalidCanvasSize && error.message.contains(mention)
    }
    #expect(throws: TTStyleError.self) { try TTCanvas.checkSize(width: width, height: height) }
  }

  /// Ordinary sizes, up to the limits, are made as asked.
  @Test(arguments: [(80, 24), (0, 0), (1_000, 1_000), (10_000, 1), (1, 10_000)])
  func checkedCreationAcceptsSizesWithinTheLimits(width: Int, height: Int) throws {
    let canvas = try TTCanvas(checkedWidth: width, height: height)
    #expect(canvas.size == TTSize(width: width, height: height))
  }
}
