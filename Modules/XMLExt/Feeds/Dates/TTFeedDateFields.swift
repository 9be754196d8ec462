import Foundation

/// The fields of a date as written, before they are checked and turned into an instant.
struct TTFeedDateFields {
  var year = 0
  var month = 0
  var day = 0
  var hour = 0
  var minute = 0
  var second = 0
  /// The fraction of a second, in `0..<1`.
  var fraction = 0.0
  /// Seconds east of UTC.
  var offset = 0

  /// The instant, or `nil` when a field is out of range (February 30, hour 25, year 0).
  ///
  /// Second 60 (a leap second) is read as the first second of the next minute; `24:00:00`
  /// as the midnight that ends the day.
  var date: Date? {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day),
      (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let endOfDay = hour == 24 && minute == 0 && second == 0 && fraction == 0
    guard (0...23).contains(hour) || endOfDay else { return nil }
    let days = Self.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
