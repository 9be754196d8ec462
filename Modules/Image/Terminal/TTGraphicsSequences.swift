import Three20Style

/// The kitty and iTerm2 escape sequences for a PNG image, made from nothing but the numbers
/// given and the base64 of the PNG, so no text from an image's data ever reaches the terminal.
enum TTGraphicsSequences {
  /// The most base64 bytes in one kitty escape sequence, as the protocol asks.
  static let kittyChunkLength = 4096

  /// kitty's graphics protocol: transmit the PNG and place it at the cursor, filling `cells`.
  ///
  /// `ESC _ G a=T,f=100,s=W,v=H,i=ID,p=1,c=COLUMNS,r=ROWS,C=1,q=2,m=1;<base64> ESC \`, then
  /// `ESC _ G m=1,q=2;<base64> ESC \` for each further chunk of at most 4,096 base64 bytes; the
  /// last has `m=0`. `C=1` keeps the cursor where it is; `q=2` keeps the terminal from
  /// answering, because an answer would arrive as key presses.
  ///
  /// - Parameters:
  ///   - png: The PNG file.
  ///   - pixelSize: Its size in pixels.
  ///   - cells: The cells to fill.
  ///   - imageID: The image number; 0 leaves it out.
  /// - Returns: The sequences, one after another.
  static func kitty(png: [UInt8], pixelSize: TTSize, cells: TTSize, imageID: UInt32) -> String {
    let payload = base64(png)
    let identity = imageID == 0 ? "" : "i=\(imageID),p=1,"
    var keys =
      "a=T,f=100,s=\(pixelSize.width),v=\(pixelSize.height),\(identity)c=\(cells.width),r=\(cells.height),C=1,q=2"
    var output: [UInt8] = []
    output.reserveCapacity(payload.count + payload.count / kittyChunkLength * 24 + 96)
    var start = 0
    repeat {
      let end = min(payload.count, start + kittyChunkLength)
      let more = end < payload.count
      output += Array("\u{1B}_G\(keys),m=\(more ? 1 : 0);".utf8)
      output += payload[start..<end]
      output += [0x1B, 0x5C]
      keys = "q=2"
      start = end
    } while start < payload.count
    return String(decoding: output, as: UTF8.self)
  }

  /// iTerm2's inline image: `ESC ] 1337 ; File=inline=1;width=C;height=R;preserveAspectRatio=0;size=N:<base64> BEL`.
  ///
  /// - Parameters:
  ///   - png: The PNG file.
  ///   - cells: The cells the image is stretched to fill.
  /// - Returns: The sequence.
  static func iterm2(png: [UInt8], cells: TTSize) -> String {
    let payload = base64(png)
    var output = Array(
      "\u{1B}]1337;File=inline=1;width=\(cells.width);height=\(cells.height);preserveAspectRatio=0;size=\(png.count):"
        .utf8)
    output.reserveCapacity(output.count + payload.count + 1)
    output += payload
    output.append(0x07)
    return String(decoding: output, as: UTF8.self)
  }

  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Standard base64 (RFC 4648) with `=` padding and no line breaks.
  ///
  /// - Parameter bytes: The data.
  /// - Returns: The ASCII bytes of its base64 form.
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    var output = [UInt8](repeating: 0x3D, count: (bytes.count + 2) / 3 * 4)
    bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        alphabet.withUnsafeBufferPointer { table in
          var read = 0
          var write = 0
          while read + 3 <= input.count {
            let value = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
            out[write] = table[Int(value >> 18 & 63)]
            out[write + 1] = table[Int(value >> 12 & 63)]
            out[write + 2] = table[Int(value >> 6 & 63)]
            out[write + 3] = table[Int(value & 63)]
            read += 3
            write += 4
          }
          let rest = input.count - read
          if rest > 0 {
            let value = UInt32(input[read]) << 16 | (rest == 2 ? UInt32(input[read + 1]) << 8 : 0)
            out[write] = table[Int(value >> 18 & 63)]
            out[write + 1] = table[Int(value >> 12 & 63)]
            if rest == 2 { out[write + 2] = table[Int(value >> 6 & 63)] }
          }
        }
      }
    }
    return output
  }
}
