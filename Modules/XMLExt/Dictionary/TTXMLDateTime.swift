import Foundation

/// Reads the dates of `type="datetime"` elements (internal): `yyyy-MM-dd'T'HH:mm:ss` followed
/// by `Z`, `±HH:MM`, `±HHMM` or `GMT±HH:MM` (Three20's two formats).
enum TTXMLDateTime {
  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
      let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var zone = Array(bytes[19...])
    if zone.starts(with: Array("GMT".utf8)) || zone.starts(with: Array("UTC".utf8)) {
      zone.removeFirst(3)
      if zone.isEmpty { zone = Array("Z".utf8) }
    }
    let offset: Int
    if zone == Array("Z".utf8) {
      offset = 0
    } else {
      guard zone.count == 5 || zone.count == 6, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
        let hours = number(zone, 1, 2)
      else { return nil }
      let minutesAt = zone.count == 6 ? 4 : 3
      if zone.count == 6, zone[3] != UInt8(ascii: ":") { return nil }
      guard let minutes = number(zone, minutesAt, 2), hours < 24, minutes < 60 else { return nil }
      offset = (hours * 3600 + minutes * 60) * (zone[0] == UInt8(ascii: "-") ? -1 : 1)
    }
    var calendar = Calendar(identifier: .gregorian)
    guard let utc = TimeZone(secondsFromGMT: 0) else { return nil }
    calendar.timeZone = utc
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return date.addingTimeInterval(TimeInterval(-offset))
  }

  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<(start + count)] {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// C's `intValue` as NSString implemented it: skip leading whitespace, read an optional sign
  /// and digits, stop at anything else; `0` when there is no number; clamped to 32 bits.
  static func intValue(_ text: String) -> Int {
    var iterator = text.utf8.makeIterator()
    var byte = iterator.next()
    while let current = byte, current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D {
      byte = iterator.next()
    }
    var negative = false
    if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
      negative = byte == UInt8(ascii: "-")
      byte = iterator.next()
    }
    var value = 0
    while let current = byte, current >= UInt8(ascii: "0"), current <= UInt8(ascii: "9") {
      value = min(value * 10 + Int(current - UInt8(ascii: "0")), Int(Int32.max) + 1)
      byte = iterator.next()
    }
    return negative ? max(-value, Int(Int32.min)) : min(value, Int(Int32.max))
  }
}
