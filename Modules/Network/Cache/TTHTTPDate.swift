public import Foundation

/// Reads and writes the dates of HTTP header fields (`Date`, `Expires`, `Last-Modified`).
///
/// ``parse(_:)`` accepts the three formats RFC 9110 §5.6.7 requires recipients to read: the
/// preferred IMF-fixdate, the obsolete RFC 850 format and ANSI C's `asctime()` format. It does
/// not depend on the locale or on a date formatter; anything else, including out-of-range
/// fields, gives `nil`. ``format(_:)`` writes IMF-fixdate.
///
/// ```swift
/// TTHTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970   // 784111777
/// TTHTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")?.timeIntervalSince1970  // 784111777
/// TTHTTPDate.parse("Sun Nov  6 08:49:37 1994")?.timeIntervalSince1970        // 784111777
/// TTHTTPDate.parse("0")                                                       // nil
/// TTHTTPDate.format(Date(timeIntervalSince1970: 784111777))   // "Sun, 06 Nov 1994 08:49:37 GMT"
/// ```
public enum TTHTTPDate {
  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]
  private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Reads an HTTP date in any of the three formats of RFC 9110.
  ///
  /// The day name is not checked against the date (servers get it wrong); two-digit years of
  /// the RFC 850 format are read as 1970–2069.
  ///
  /// - Parameter text: The field value, for example `Sun, 06 Nov 1994 08:49:37 GMT`.
  /// - Returns: The date, or `nil` when the text is not an HTTP date.
  public static func parse(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.utf8.count <= 64 else { return nil }
    let tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    if let comma = trimmed.firstIndex(of: ",") {
      let rest = trimmed[trimmed.index(after: comma)...].split(separator: " ").map(String.init)
      if rest.count == 5 {
        // IMF-fixdate: "06 Nov 1994 08:49:37 GMT".
        guard rest[4] == "GMT", let day = Int(rest[0]), let year = Int(rest[2]), rest[2].count == 4 else {
          return nil
        }
        return make(year: year, month: month(rest[1]), day: day, time: rest[3])
      }
      if rest.count == 3 {
        // RFC 850: "06-Nov-94 08:49:37 GMT".
        let parts = rest[0].split(separator: "-").map(String.init)
        guard rest[2] == "GMT", parts.count == 3, let day = Int(parts[0]), let short = Int(parts[2]),
          parts[2].count == 2
        else { return nil }
        return make(
          year: short < 70 ? 2000 + short : 1900 + short, month: month(parts[1]), day: day, time: rest[1])
      }
      return nil
    }
    // asctime: "Sun Nov  6 08:49:37 1994".
    guard tokens.count == 5, let day = Int(tokens[2]), let year = Int(tokens[4]), tokens[4].count == 4 else {
      return nil
    }
    return make(year: year, month: month(tokens[1]), day: day, time: tokens[3])
  }

  /// Writes a date as an IMF-fixdate, the format HTTP prefers.
  ///
  /// - Parameter date: The date; fractions of a second are dropped.
  /// - Returns: The text, for example `Sun, 06 Nov 1994 08:49:37 GMT`.
  public static func format(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down).clamped(to: -1e15...1e15))
    var days = seconds / 86_400
    var rest = seconds % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    let (year, month, day) = civil(fromDays: days)
    let weekday = Int(((days % 7) + 7) % 7)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(dayNames[weekday]), \(two(day)) \(monthNames[Int(month) - 1]) \(year) "
      + "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) GMT"
  }

  private static func month(_ name: String) -> Int? {
    months.firstIndex(of: name.lowercased()).map { $0 + 1 }
  }

  private static func make(year: Int, month: Int?, day: Int, time: String) -> Date? {
    let clock = time.split(separator: ":", omittingEmptySubsequences: false)
    guard let month, clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
      (1...9999).contains(year), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthPrime = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthPrime + 2) / 5 + 1
    let month = monthPrime < 10 ? monthPrime + 3 : monthPrime - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

extension Double {
  fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
    isNaN ? 0 : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
