import Testing
import Three20Navigator

@Suite("TTURLResolution")
struct TTURLResolutionTests {
  /// A match reads its parameters as text, whatever their type.
  @Test func parametersReadAsText() {
    let match = TTURLMatch(
      url: "tt://food/42?x=1", pattern: "tt://food/(id:int)",
      parameters: ["id": .int(42), "ok": .bool(true), "name": .string("pie")], query: ["x": ["1"]])
    #expect(match["id"] == "42")
    #expect(match["ok"] == "true")
    #expect(match["name"] == "pie")
    #expect(match["missing"] == nil)
  }

  /// Routes default to creating a controller with no parent.
  @Test func routeDefaults() {
    let route = TTURLRoute(target: .handler { _, _ in true })
    #expect(route.mode == .create)
    #expect(route.parentURL == nil)
  }
}
