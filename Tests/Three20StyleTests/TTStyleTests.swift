import Testing
import Three20Style

@Suite("TTStyle")
struct TTStyleTests {
  /// A chain built Three20's way with `next:` equals the same chain from the builder.
  @Test func nextChainEqualsBuilder() {
    let chained = TTShapeStyle(
      .rounded(1), next: TTSolidFillStyle(.blue, next: TTSolidBorderStyle(.black, width: 1)))
    let built = TTStyle {
      TTShapeStyle(.rounded(1))
      TTSolidFillStyle(.blue)
      TTSolidBorderStyle(.black, width: 1)
    }
    #expect(chained.style == built)
    #expect(built.layers.count == 3)
  }

  /// `next` walks the chain one layer at a time and ends in nil.
  @Test func nextWalksTheChain() {
    let style = TTStyle(
      TTSolidFillStyle(.red, next: TTInsetStyle(TTEdgeInsets(all: 1), next: TTContentStyle())))
    #expect(style.next == TTInsetStyle(TTEdgeInsets(all: 1), next: TTContentStyle()).style)
    #expect(style.next?.next == TTContentStyle().style)
    #expect(style.next?.next?.next == nil)
  }

  /// The builder supports conditions and loops.
  @Test func builderControlFlow() {
    let glossy = true
    let style = TTStyle {
      if glossy {
        TTReflectiveFillStyle(.blue)
      } else {
        TTSolidFillStyle(.blue)
      }
      for color in [TTColor.red, .green] {
        TTSolidBorderStyle(color)
      }
    }
    #expect(
      style.layers == [
        .reflectiveFill(.blue, bottomHighlight: false), .solidBorder(.red, width: 1),
        .solidBorder(.green, width: 1),
      ])
  }

  /// Parts are found by name and looks by kind; missing ones fall back to defaults.
  @Test func partsAndLookups() {
    let badge = TTStyle(TTSolidFillStyle(.red))
    let style = TTStyle(
      TTPartStyle("badge", style: badge, next: TTTextStyle(TTTextLook(color: .white, alignment: .center))))
    #expect(style.part(named: "badge") == badge)
    #expect(style.part(named: "other") == nil)
    #expect(style.textLook.alignment == .center)
    #expect(style.outline == .rectangle)
    #expect(TTStyle.empty.textLook == TTTextLook())
  }

  /// Appending keeps both chains in order (Three20's addStyle:).
  @Test func appendingKeepsOrder() {
    let style = TTStyle(TTSolidFillStyle(.red)).appending(TTSolidBorderStyle(.black))
    #expect(style.layers == [.solidFill(.red), .solidBorder(.black, width: 1)])
  }
}
