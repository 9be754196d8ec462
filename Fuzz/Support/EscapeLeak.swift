// What the fuzz targets that write to a terminal check besides crashes: that nothing from
// their input reaches the terminal as an escape sequence. Shared by FuzzStyledText and
// FuzzWebPage.

/// Where rendered terminal text breaks the promise that data never becomes control data, or nil.
///
/// The text may hold only the renderer's own SGR (`ESC [ … m`) and hyperlink
/// (`ESC ] 8 ; ; … ESC \`) sequences, and no other control character than a newline.
public func escapeLeak(in output: String) -> String? {
  let bytes = Array(output.utf8)
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    if byte == 0x1B {
      guard index + 1 < bytes.count else { return "a lone ESC at the end" }
      if bytes[index + 1] == UInt8(ascii: "[") {
        // SGR: digits and semicolons, then `m`.
        var end = index + 2
        while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end]) {
          end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else {
          return "a control sequence other than SGR at byte \(index)"
        }
        index = end + 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "]") {
        // OSC 8 hyperlink: `ESC ] 8 ; ;` link text without controls, then `ESC \`.
        guard bytes.count >= index + 5, bytes[(index + 2)..<(index + 5)].elementsEqual("8;;".utf8) else {
          return "an OSC other than a hyperlink at byte \(index)"
        }
        var end = index + 5
        while end < bytes.count, bytes[end] != 0x1B {
          if bytes[end] < 0x20 || bytes[end] == 0x7F { return "a control character inside a hyperlink" }
          if bytes[end] == 0xC2, end + 1 < bytes.count, (0x80...0x9F).contains(bytes[end + 1]) {
            return "a C1 control character inside a hyperlink"
          }
          end += 1
        }
        guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") else {
          return "a hyperlink not ended by ST"
        }
        index = end + 2
        continue
      }
      return "ESC followed by \(bytes[index + 1]) at byte \(index)"
    }
    if (byte < 0x20 && byte != 0x0A) || byte == 0x7F {
      return "control character \(byte) at byte \(index)"
    }
    // C1 controls are U+0080–U+009F, encoded as C2 80 – C2 9F.
    if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
      return "C1 control character at byte \(index)"
    }
    index += 1
  }
  return nil
}
