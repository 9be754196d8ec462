public import Foundation

/// Reads the dates that RSS and Atom feeds carry, as written by real servers.
///
/// Feeds use two families of date. RSS writes RFC 822 dates (`pubDate`, `lastBuildDate`),
/// Atom and Dublin Core write RFC 3339 / ISO 8601 dates (`updated`, `published`, `dc:date`).
/// ``parse(_:)`` tells them apart by shape and reads either; ``parseRFC822(_:)`` and
/// ``parseISO8601(_:)`` read only one.
///
/// The parser is a hand-written scanner over the UTF-8 bytes: it uses no `DateFormatter`,
/// does not depend on the locale or the current time zone, allocates nothing, and never
/// traps. Anything it cannot read with certainty gives `nil` rather than a guess: a feed item
/// without a date is better than one with a wrong date.
///
/// RFC 822 / RFC 2822 dates, and the variants found in the wild:
///
/// - The day name is optional and not checked against the date (servers get it wrong).
///   Any word whose first three letters name a day is accepted (`Tue`, `Tues`, `Thursday`,
///   `Thurs.`), followed or not by a comma.
/// - The month is a name in any case: its first three letters (`Nov`, `NOV`), a longer prefix
///   of its English name (`Sept`, `September`), with or without a trailing period. The day may
///   come first (`21 Nov 2026`, `21-Nov-2026`) or after the month (`Nov 21, 2026`, and
///   `asctime`'s `Sat Nov 21 10:20:30 2026`).
/// - Years have four digits, or two (RFC 2822 §4.3: `00`–`49` are 2000–2049 and `50`–`99`
///   are 1950–1999), or three (1900 is added).
/// - The time is `H:MM`, `HH:MM:SS` or `HH:MM:SS.fff`; a missing time is midnight.
///   `AM`/`PM` after it are honoured (the hour must then be 1–12).
/// - Zones: numeric (`+0200`, `-05:00`, `+02`), `GMT`, `UT`, `UTC`, `Z`, `GMT+2`, the US zones
///   (`EST`, `EDT`, `CST`, `CDT`, `MST`, `MDT`, `PST`, `PDT`, `AKST`, `AKDT`, `HST`, `HDT`,
///   `AST`, `ADT`, `NST`, `NDT`) and common others (`WET`, `WEST`, `BST`, `CET`, `CEST`, `MET`,
///   `MEST`, `EET`, `EEST`, `MSK`, `IST`, `SGT`, `HKT`, `JST`, `KST`, `AWST`, `ACST`, `ACDT`,
///   `AEST`, `AEDT`, `NZST`, `NZDT`). Ambiguous abbreviations get the meaning listed in
///   ``zoneAbbreviations``. An unknown zone name gives `nil`.
/// - Military single-letter zones (`A`–`I`, `K`–`Y`) are read as UTC, as RFC 2822 §4.3
///   requires, because RFC 822 defined their signs backwards and senders disagree on them.
/// - A missing zone is read as UTC.
/// - Extra spaces and missing commas are fine. After a zone, the rest of the text is ignored
///   (`-0800 (PST)`, `+0000 GMT`); a comment in parentheses is ignored wherever it starts.
///
/// RFC 3339 / ISO 8601 dates (the W3C profile used by Atom and Dublin Core):
///
/// - `2026-11-21T10:20:30Z`, with a fraction of a second (`.5`, `,123456`), with an offset
///   (`+02:00`, `+0200`, `+02`), with `t`/`z` in lower case, or with one or more spaces instead
///   of `T` (and before the offset).
/// - Date only (`2026-11-21`), year and month (`2026-11`), or year only (`2026`): midnight UTC
///   on the first day missing fields imply.
/// - No zone after a time: UTC. (ISO 8601 calls that local time, but a feed's reader has no
///   way to know the writer's zone, and UTC is what most writers mean.)
/// - `24:00:00` is the midnight that ends the day.
///
/// Invalid dates give `nil`: February 30, hour 25, minute 60, month 13, year 0, offsets over
/// 23 hours, two years, stray words before the zone, more than 256 bytes after trimming.
///
/// ```swift
/// TTFeedDateParser.parse("Sat, 21 Nov 2026 10:20:30 GMT")?.timeIntervalSince1970  // 1795256430
/// TTFeedDateParser.parse("21 Nov 26 10:20 -0500")?.timeIntervalSince1970          // 1795274400
/// TTFeedDateParser.parse("2026-11-21T10:20:30.25+01:00")?.timeIntervalSince1970   // 1795252830.25
/// TTFeedDateParser.parse("2026-11-21")?.timeIntervalSince1970                     // 1795219200
/// TTFeedDateParser.parse("Feb 30 2026")                                            // nil
/// ```
public enum TTFeedDateParser {
  /// The longest text, after trimming spaces and line breaks, that is read; longer gives `nil`.
  static let maximumLength = 256

  /// Reads a feed date in either family, RFC 822 or ISO 8601, chosen by its shape.
  ///
  /// Text that starts with four digits (`2026-…`) is read as ISO 8601, anything else as an
  /// RFC 822 date. Spaces and line breaks around the date are ignored.
  ///
  /// ```swift
  /// TTFeedDateParser.parse("Tue, 3 Mar 2026 08:05:00 +0000")?.timeIntervalSince1970  // 1772525100
  /// TTFeedDateParser.parse("2026-03-03T08:05:00Z")?.timeIntervalSince1970            // 1772525100
  /// TTFeedDateParser.parse("yesterday")                                              // nil
  /// ```
  ///
  /// - Parameter text: The text of a date element such as `pubDate` or `updated`.
  /// - Returns: The instant, or `nil` when the text is not a date this parser can read with
  ///   certainty.
  public static func parse(_ text: String) -> Date? {
    scan(text) { scanner in
      scanner.looksLikeISO8601 ? scanner.parseISO8601() : scanner.parseRFC822()
    }
  }

  /// Reads an RFC 822 / RFC 2822 date and its real-world variants, such as
  /// `Sat, 21 Nov 2026 10:20:30 +0000`.
  ///
  /// See ``TTFeedDateParser`` for the accepted variants.
  ///
  /// ```swift
  /// TTFeedDateParser.parseRFC822("Thursday, 5 November 2026 9:07 PST")?.timeIntervalSince1970
  /// // 1793898420
  /// ```
  ///
  /// - Parameter text: The date text.
  /// - Returns: The instant, or `nil`.
  public static func parseRFC822(_ text: String) -> Date? {
    scan(text) { scanner in scanner.parseRFC822() }
  }

  /// Reads an RFC 3339 / ISO 8601 date or date-time, such as `2026-11-21T10:20:30Z`.
  ///
  /// See ``TTFeedDateParser`` for the accepted variants.
  ///
  /// ```swift
  /// TTFeedDateParser.parseISO8601("2026-11-21 10:20:30")?.timeIntervalSince1970  // 1795256430
  /// ```
  ///
  /// - Parameter text: The date text.
  /// - Returns: The instant, or `nil`.
  public static func parseISO8601(_ text: String) -> Date? {
    scan(text) { scanner in scanner.parseISO8601() }
  }

  /// The time zone abbreviations understood in RFC 822 dates, with their offsets from UTC in
  /// seconds, keyed by the upper-case name.
  ///
  /// Where an abbreviation means several zones, the choice is:
  /// `CST` is US Central (−6, as RFC 822 defines it), not China; `AST` is Atlantic (−4), not
  /// Arabia; `BST` is British Summer Time (+1), not Bangladesh; `IST` is India (+5:30), not
  /// Ireland or Israel, because Indian publishers are by far the most common writers of it;
  /// `MET`/`MEST` are Central European time.
  ///
  /// ```swift
  /// TTFeedDateParser.zoneAbbreviations["PDT"]  // -25200
  /// ```
  public static let zoneAbbreviations: [String: Int] = {
    let hour = 3600
    return [
      "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "WET": 0,
      "EST": -5 * hour, "EDT": -4 * hour, "CST": -6 * hour, "CDT": -5 * hour,
      "MST": -7 * hour, "MDT": -6 * hour, "PST": -8 * hour, "PDT": -7 * hour,
      "AKST": -9 * hour, "AKDT": -8 * hour, "HST": -10 * hour, "HDT": -9 * hour,
      "AST": -4 * hour, "ADT": -3 * hour, "NST": -(3 * hour + 1800), "NDT": -(2 * hour + 1800),
      "WEST": hour, "BST": hour, "CET": hour, "CEST": 2 * hour, "MET": hour, "MEST": 2 * hour,
      "EET": 2 * hour, "EEST": 3 * hour, "MSK": 3 * hour, "IST": 5 * hour + 1800,
      "SGT": 8 * hour, "HKT": 8 * hour, "AWST": 8 * hour, "JST": 9 * hour, "KST": 9 * hour,
      "ACST": 9 * hour + 1800, "ACDT": 10 * hour + 1800, "AEST": 10 * hour, "AEDT": 11 * hour,
      "NZST": 12 * hour, "NZDT": 13 * hour,
    ]
  }()

  /// The same table keyed by the packed lower-case letters, for the scanner.
  static let packedZones: [UInt64: Int] = {
    var table: [UInt64: Int] = [:]
    for (name, offset) in zoneAbbreviations {
      table[TTFeedDateScanner.pack(Array(name.lowercased().utf8))] = offset
    }
    return table
  }()

  private static func scan(_ text: String, _ body: (inout TTFeedDateScanner) -> Date?) -> Date? {
    var text = text
    return text.withUTF8 { bytes in
      var start = 0
      var end = bytes.count
      while start < end, TTFeedDateScanner.isSpace(bytes[start]) { start += 1 }
      while end > start, TTFeedDateScanner.isSpace(bytes[end - 1]) { end -= 1 }
      guard end > start, end - start <= maximumLength else { return nil }
      var scanner = TTFeedDateScanner(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      return body(&scanner)
    }
  }
}
