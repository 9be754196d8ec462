import Foundation
import Three20

/// Relative dates, against a fixed “now” so the page reads the same every day.
final class CoreDatesDemo: CatalogPageController {
  init() { super.init(title: "Relative dates") }

  override func makeBlocks() -> [CatalogBlock] {
    // 2026-03-14 15:30 UTC, in English, in UTC.
    let now = Date(timeIntervalSince1970: 1_773_502_200)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let formatting = TTDateFormatting(
      now: { now }, calendar: calendar, timeZone: calendar.timeZone, locale: Locale(identifier: "en_US_POSIX")
    )
    let ages: [(String, TimeInterval)] = [
      ("20 seconds", 20), ("5 minutes", 300), ("3 hours", 3 * 3600), ("yesterday", 26 * 3600),
      ("4 days", 4 * 86400), ("3 months", 90 * 86400),
    ]
    return [
      .code(
        "let formatting = TTDateFormatting(now: { now }, calendar: calendar, …)\ndate.tt.formatRelativeTime(using: formatting)"
      ),
      .heading("Relative and short relative"),
      .pairs(
        ages.map { name, age in
          let date = now.addingTimeInterval(-age)
          return (
            name,
            "\(date.tt.formatRelativeTime(using: formatting))  ·  \(date.tt.formatShortRelativeTime(using: formatting))"
          )
        }),
      .heading("Fixed forms"),
      .pairs([
        ("formatTime", now.tt.formatTime(using: formatting)),
        ("formatDate", now.tt.formatDate(using: formatting)),
        ("formatDateTime", now.tt.formatDateTime(using: formatting)),
        ("formatDay", now.tt.formatDay(using: formatting)),
        ("formatMonth", now.tt.formatMonth(using: formatting)),
      ]),
    ]
  }
}
