import Foundation
import Testing
import Three20Core

@Suite struct TTModelEventTests {
  /// Each event reports its kind, and the description names the kind and the payload.
  @Test func kindAndDescriptionNameTheEvent() {
    let failure = TTModelFailure(TTCoreError(.missingValue, "gone"))
    let cases: [(TTModelEvent, TTModelEvent.Kind, String)] = [
      (.didStartLoad, .didStartLoad, "didStartLoad"),
      (.didFinishLoad, .didFinishLoad, "didFinishLoad"),
      (.didFailLoad(failure), .didFailLoad, "didFailLoad(gone)"),
      (.didCancelLoad, .didCancelLoad, "didCancelLoad"),
      (.didChange, .didChange, "didChange"),
      (.didBeginUpdates, .didBeginUpdates, "didBeginUpdates"),
      (.didEndUpdates, .didEndUpdates, "didEndUpdates"),
      (.didUpdate(object: "row", at: [0, 2]), .didUpdate, "didUpdate(row at [0, 2])"),
      (.didInsert(object: 7, at: [1, 0]), .didInsert, "didInsert(7 at [1, 0])"),
      (.didDelete(object: "row", at: [3]), .didDelete, "didDelete(row at [3])"),
    ]
    #expect(Set(cases.map(\.1)) == Set(TTModelEvent.Kind.allCases))
    for (event, kind, description) in cases {
      #expect(event.kind == kind)
      #expect(event.description == description)
      #expect(kind.description == kind.rawValue)
    }
  }
}
