import Foundation
import Testing
import Three20Core

@Suite("TTTimeInterval")
struct TTTimeIntervalTests {
  /// The constants have Three20's values in seconds, including the 30.5-day month.
  @Test func constantsMatchThree20() {
    #expect(TTTimeInterval.minute == 60)
    #expect(TTTimeInterval.hour == 3_600)
    #expect(TTTimeInterval.day == 86_400)
    #expect(TTTimeInterval.fiveDays == 432_000)
    #expect(TTTimeInterval.week == 604_800)
    #expect(TTTimeInterval.month == 2_635_200)
    #expect(TTTimeInterval.year == 31_536_000)
  }
}
