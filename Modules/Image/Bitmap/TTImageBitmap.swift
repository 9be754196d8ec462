public import Three20Style

/// Decoded pixels: 8-bit red, green, blue and alpha, row by row, alpha not premultiplied.
///
/// A bitmap is a value; scaling or cropping makes a new one.
///
/// ```swift
/// let red = TTImageBitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 255, 0, 0, 255])
/// red.scaled(width: 4, height: 2).width   // 4
/// ```
public struct TTImageBitmap: Sendable, Equatable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// `width × height × 4` bytes: R, G, B, A for each pixel, rows top to bottom.
  public let pixels: [UInt8]

  /// Creates a bitmap from RGBA bytes.
  ///
  /// - Parameters:
  ///   - width: The width in pixels, 0 or more.
  ///   - height: The height in pixels, 0 or more.
  ///   - pixels: Exactly `width × height × 4` bytes; a shorter array is padded with transparent
  ///     black and a longer one cut, so the size always matches.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height * 4
    if pixels.count == count {
      self.pixels = pixels
    } else {
      self.pixels = Array(pixels.prefix(count)) + Array(repeating: 0, count: max(0, count - pixels.count))
    }
  }

  /// The number of pixels, `width × height`.
  public var pixelCount: Int { width * height }

  /// The colour of one pixel, or transparent black outside the bitmap.
  ///
  /// - Parameters:
  ///   - x: The column.
  ///   - y: The row.
  /// - Returns: Red, green, blue and alpha.
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
    let index = (y * width + x) * 4
    return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
  }

  /// The bitmap resized to `width × height`.
  ///
  /// Shrinking averages every source pixel under each new one (weighted by alpha, so
  /// transparent pixels do not darken edges); growing picks the nearest pixel. The work is one
  /// pass over the larger of the two bitmaps.
  ///
  /// - Parameters:
  ///   - newWidth: The new width; at least 1 when the bitmap is not empty.
  ///   - newHeight: The new height; at least 1 when the bitmap is not empty.
  /// - Returns: The resized bitmap.
  public func scaled(width newWidth: Int, height newHeight: Int) -> TTImageBitmap {
    let targetWidth = max(0, newWidth)
    let targetHeight = max(0, newHeight)
    guard targetWidth != width || targetHeight != height else { return self }
    guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else {
      return TTImageBitmap(width: targetWidth, height: targetHeight, pixels: [])
    }
    // Source column range of each target column, and row range of each target row.
    let columns = (0..<targetWidth).map { x in
      let start = x * width / targetWidth
      return start..<max(start + 1, (x + 1) * width / targetWidth)
    }
    var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * 4)
    var sums = [UInt64](repeating: 0, count: targetWidth * 5)
    pixels.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        for y in 0..<targetHeight {
          let rowStart = y * height / targetHeight
          let rowEnd = max(rowStart + 1, (y + 1) * height / targetHeight)
          for index in sums.indices { sums[index] = 0 }
          for sourceY in rowStart..<rowEnd {
            let rowBase = sourceY * width * 4
            for x in 0..<targetWidth {
              var red: UInt64 = 0
              var green: UInt64 = 0
              var blue: UInt64 = 0
              var alpha: UInt64 = 0
              for sourceX in columns[x] {
                let index = rowBase + sourceX * 4
                let a = UInt64(source[index + 3])
                red += UInt64(source[index]) * a
                green += UInt64(source[index + 1]) * a
                blue += UInt64(source[index + 2]) * a
                alpha += a
              }
              sums[x * 5] += red
              sums[x * 5 + 1] += green
              sums[x * 5 + 2] += blue
              sums[x * 5 + 3] += alpha
              sums[x * 5 + 4] += UInt64(columns[x].count)
            }
          }
          // Sums are 64-bit: a box of a 100-megapixel image shrunk to one pixel holds 255² × 10⁸.
          for x in 0..<targetWidth {
            let alpha = sums[x * 5 + 3]
            let count = max(1, sums[x * 5 + 4])
            let base = (y * targetWidth + x) * 4
            if alpha > 0 {
              target[base] = UInt8(min(255, sums[x * 5] / alpha))
              target[base + 1] = UInt8(min(255, sums[x * 5 + 1] / alpha))
              target[base + 2] = UInt8(min(255, sums[x * 5 + 2] / alpha))
            }
            target[base + 3] = UInt8(min(255, alpha / count))
          }
        }
      }
    }
    return TTImageBitmap(width: targetWidth, height: targetHeight, pixels: output)
  }
}

extension TTImageBitmap {
  /// The part of the bitmap inside a rectangle of pixels (cut to the bitmap).
  ///
  /// - Parameter rect: The pixels to keep.
  /// - Returns: The cropped bitmap; the bitmap itself when `rect` covers it.
  public func cropped(to rect: TTRect) -> TTImageBitmap {
    let area = rect.intersection(TTRect(x: 0, y: 0, width: width, height: height))
    guard area != TTRect(x: 0, y: 0, width: width, height: height) else { return self }
    var output = [UInt8]()
    output.reserveCapacity(area.width * area.height * 4)
    for y in area.y..<area.maxY {
      let start = (y * width + area.x) * 4
      output.append(contentsOf: pixels[start..<start + area.width * 4])
    }
    return TTImageBitmap(width: area.width, height: area.height, pixels: output)
  }
}
