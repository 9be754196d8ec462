import Foundation
import Testing
import Three20Network

@Suite("TTHTTPDate")
struct TTHTTPDateTests {
  /// The three formats of RFC 9110 §5.6.7 all read as the same instant.
  @Test(arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT",
    "Sunday, 06-Nov-94 08:49:37 GMT",
    "Sun Nov  6 08:49:37 1994",
    "  Sun, 06 Nov 1994 08:49:37 GMT  ",
    "Mon, 06 nov 1994 08:49:37 GMT",
  ])
  func threeFormatsParse(text: String) {
    #expect(TTHTTPDate.parse(text)?.timeIntervalSince1970 == 784_111_777)
  }

  /// Two-digit years of the RFC 850 format are read as 1970–2069.
  @Test func twoDigitYears() {
    #expect(TTHTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT")?.timeIntervalSince1970 == 0)
    #expect(TTHTTPDate.parse("Friday, 01-Jan-38 00:00:00 GMT")?.timeIntervalSince1970 == 2_145_916_800)
  }

  /// Leap days, the end of a year and dates before 1970 are exact.
  @Test func calendarEdges() {
    #expect(TTHTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT")?.timeIntervalSince1970 == 951_825_600)
    #expect(TTHTTPDate.parse("Fri, 31 Dec 1999 23:59:59 GMT")?.timeIntervalSince1970 == 946_684_799)
    #expect(TTHTTPDate.parse("Wed, 31 Dec 1969 23:59:59 GMT")?.timeIntervalSince1970 == -1)
  }

  /// Anything else is not a date, and never traps.
  @Test(arguments: [
    "", "0", "-1", "tomorrow", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37",
    "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 29 Feb 1900 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
    "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Xyz 1994 08:49:37 GMT",
    "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 99999999999999999999 Nov 1994 08:49:37 GMT",
    "Sun, 06 Nov 0000 08:49:37 GMT", "Sun, -6 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
    "Sun Nov 6 08:49:37", String(repeating: "Sun, ", count: 1000), "Sun, 06 Nov 1994 08:49:37 GMT\u{0}",
  ])
  func garbageIsNil(text: String) {
    #expect(TTHTTPDate.parse(text) == nil)
  }

  /// Formatting writes IMF-fixdate, and it reads back.
  @Test func formatWritesIMFFixdate() {
    #expect(TTHTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(TTHTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    #expect(TTHTTPDate.format(Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
    for seconds in stride(from: -2_000_000_000, through: 4_000_000_000, by: 77_777_777) {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(TTHTTPDate.parse(TTHTTPDate.format(date)) == date)
    }
  }
}
