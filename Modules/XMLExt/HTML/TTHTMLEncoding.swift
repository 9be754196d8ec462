/// A character encoding an HTML page may be in, with the labels that name it (internal).
///
/// The labels and names follow the WHATWG Encoding Standard for the encodings real pages use;
/// the bytes are converted with glibc's iconv (under the names in ``iconvName``), except UTF-8,
/// UTF-16 and windows-1252, which are decoded here.
struct TTHTMLEncoding: Sendable, Hashable {
  /// The WHATWG name, for example `"Shift_JIS"`.
  let name: String
  /// The iconv name for the conversion, or `nil` for the encodings decoded here.
  let iconvName: String?

  static let utf8 = TTHTMLEncoding(name: "UTF-8", iconvName: nil)
  static let utf16LE = TTHTMLEncoding(name: "UTF-16LE", iconvName: nil)
  static let utf16BE = TTHTMLEncoding(name: "UTF-16BE", iconvName: nil)
  static let windows1252 = TTHTMLEncoding(name: "windows-1252", iconvName: nil)

  /// The encoding a label names, or `nil` when browsers do not know the label.
  ///
  /// Labels are matched as WHATWG does: without leading and trailing white space, in any case.
  static func forLabel(_ label: some StringProtocol) -> TTHTMLEncoding? {
    let trimmed = label.utf8.drop { isSpace($0) }.reversed().drop { isSpace($0) }.reversed()
    guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
    let key = String(decoding: trimmed.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    return byLabel[key]
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
  }

  /// Every label, lower case, and its encoding.
  private static let byLabel: [String: TTHTMLEncoding] = {
    var table: [String: TTHTMLEncoding] = [:]
    for (name, iconvName, labels) in entries {
      let encoding: TTHTMLEncoding
      switch name {
      case "UTF-8": encoding = .utf8
      case "UTF-16LE": encoding = .utf16LE
      case "UTF-16BE": encoding = .utf16BE
      case "windows-1252": encoding = .windows1252
      default: encoding = TTHTMLEncoding(name: name, iconvName: iconvName)
      }
      for label in labels.split(separator: " ") { table[String(label)] = encoding }
    }
    return table
  }()

  /// WHATWG name, iconv name, labels (space-separated).
  private static let entries: [(String, String?, String)] = [
    (
      "UTF-8", nil,
      "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"
    ),
    ("IBM866", "IBM866", "866 cp866 csibm866 ibm866"),
    (
      "ISO-8859-2", "ISO-8859-2",
      "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2"
    ),
    (
      "ISO-8859-3", "ISO-8859-3",
      "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3"
    ),
    (
      "ISO-8859-4", "ISO-8859-4",
      "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4"
    ),
    (
      "ISO-8859-5", "ISO-8859-5",
      "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988"
    ),
    (
      "ISO-8859-6", "ISO-8859-6",
      "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e "
        + "iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987"
    ),
    (
      "ISO-8859-7", "ISO-8859-7",
      "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 "
        + "iso_8859-7 iso_8859-7:1987 sun_eu_greek"
    ),
    (
      "ISO-8859-8", "ISO-8859-8",
      "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 "
        + "iso_8859-8 iso_8859-8:1988 visual"
    ),
    ("ISO-8859-8-I", "ISO-8859-8", "csiso88598i iso-8859-8-i logical"),
    (
      "ISO-8859-10", "ISO-8859-10",
      "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"
    ),
    ("ISO-8859-13", "ISO-8859-13", "iso-8859-13 iso8859-13 iso885913"),
    ("ISO-8859-14", "ISO-8859-14", "iso-8859-14 iso8859-14 iso885914"),
    (
      "ISO-8859-15", "ISO-8859-15",
      "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"
    ),
    ("ISO-8859-16", "ISO-8859-16", "iso-8859-16"),
    ("KOI8-R", "KOI8-R", "cskoi8r koi koi8 koi8-r koi8_r"),
    ("KOI8-U", "KOI8-U", "koi8-ru koi8-u"),
    ("macintosh", "MACINTOSH", "csmacintosh mac macintosh x-mac-roman"),
    (
      "windows-874", "WINDOWS-874",
      "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"
    ),
    ("windows-1250", "WINDOWS-1250", "cp1250 windows-1250 x-cp1250"),
    ("windows-1251", "WINDOWS-1251", "cp1251 windows-1251 x-cp1251"),
    (
      "windows-1252", nil,
      "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 "
        + "iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252"
    ),
    ("windows-1253", "WINDOWS-1253", "cp1253 windows-1253 x-cp1253"),
    (
      "windows-1254", "WINDOWS-1254",
      "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 l5 "
        + "latin5 windows-1254 x-cp1254"
    ),
    ("windows-1255", "WINDOWS-1255", "cp1255 windows-1255 x-cp1255"),
    ("windows-1256", "WINDOWS-1256", "cp1256 windows-1256 x-cp1256"),
    ("windows-1257", "WINDOWS-1257", "cp1257 windows-1257 x-cp1257"),
    ("windows-1258", "WINDOWS-1258", "cp1258 windows-1258 x-cp1258"),
    ("x-mac-cyrillic", "MAC-CYRILLIC", "x-mac-cyrillic x-mac-ukrainian"),
    // WHATWG decodes GBK and GB2312 with the gb18030 decoder (a superset), so their labels map to it.
    (
      "gb18030", "GB18030",
      "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk gb18030"
    ),
    ("Big5", "BIG5-HKSCS", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"),
    ("EUC-JP", "EUC-JP", "cseucpkdfmtjapanese euc-jp x-euc-jp"),
    ("ISO-2022-JP", "ISO-2022-JP", "csiso2022jp iso-2022-jp"),
    // WHATWG's Shift_JIS is Microsoft's code page 932, EUC-KR its code page 949.
    (
      "Shift_JIS", "CP932",
      "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"
    ),
    (
      "EUC-KR", "CP949",
      "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
        + "ksc_5601 windows-949"
    ),
    ("UTF-16BE", nil, "unicodefffe utf-16be"),
    (
      "UTF-16LE", nil,
      "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le"
    ),
  ]
}
