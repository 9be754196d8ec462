import Testing
import Three20Core

@MainActor
@Suite("TTURLOpening", .serialized)
struct TTURLOpeningTests {
  /// A closure opener records every URL and returns what its closure says.
  @Test func closureOpenerRecordsAndAnswers() {
    let opener = TTClosureURLOpener { url, _ in url.hasPrefix("tt://") }
    #expect(opener.openURL("tt://feed/42"))
    #expect(!opener.openURL("gopher://old"))
    #expect(opener.openedURLs == ["tt://feed/42", "gopher://old"])
  }

  /// Query objects reach the opener untouched.
  @Test func queryObjectsArePassedThrough() {
    var received: [String: any Sendable] = [:]
    let opener = TTClosureURLOpener { _, query in
      received = query
      return true
    }
    opener.openURL("tt://compose", query: ["to": "Alan Jones", "count": 2])
    #expect(received["to"] as? String == "Alan Jones")
    #expect(received["count"] as? Int == 2)
  }

  /// The global opener forwards to the current opener, and says no when there is none.
  @Test func globalOpenerForwardsOrDeclines() {
    TTGlobalURLOpener.current = nil
    #expect(!TTGlobalURLOpener.open("tt://catalog"))
    let opener = TTClosureURLOpener { _, _ in true }
    TTGlobalURLOpener.current = opener
    #expect(TTGlobalURLOpener.open("tt://catalog"))
    #expect(opener.openedURLs == ["tt://catalog"])
    TTGlobalURLOpener.current = nil
  }

  /// The global opener holds its opener weakly: the app owns its navigator.
  @Test func globalOpenerIsWeak() {
    do {
      let opener = TTClosureURLOpener { _, _ in true }
      TTGlobalURLOpener.current = opener
      #expect(TTGlobalURLOpener.current != nil)
    }
    #expect(TTGlobalURLOpener.current == nil)
  }
}
