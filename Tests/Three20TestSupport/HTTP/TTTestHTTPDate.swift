import Foundation
import Glibc

/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`, the IMF-fixdate of RFC 9110) without formatters.
enum TTTestHTTPDate {
  private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let day = days[Int(parts.tm_wday) % 7]
    let month = months[Int(parts.tm_mon) % 12]
    return
      "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }

  /// Parses an IMF-fixdate; other forms give `nil`.
  static func parse(_ text: String) -> Date? {
    let pieces = text.split(separator: " ")
    guard pieces.count == 6, pieces[5] == "GMT", let day = Int32(pieces[1]),
      let monthIndex = months.firstIndex(of: String(pieces[2])), let year = Int32(pieces[3])
    else { return nil }
    let clock = pieces[4].split(separator: ":")
    guard clock.count == 3, let hour = Int32(clock[0]), let minute = Int32(clock[1]),
      let second = Int32(clock[2]),
      (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
      (1900...9999).contains(year)
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = Int32(monthIndex)
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
  }
}
