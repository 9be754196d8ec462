extension TTColor {
  /// The xterm colours 0–15 as terminals commonly show them (xterm's defaults).
  static let ansi16Palette: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The six levels of each channel in the xterm 6×6×6 colour cube (indices 16–231).
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The index (16–255) of the nearest colour of the xterm 256-colour palette.
  ///
  /// Only the cube (16–231) and the grey ramp (232–255) are considered, because terminals
  /// let users redefine colours 0–15. Nearness is measured with a weighted RGB distance that
  /// follows how the eye weighs red, green and blue.
  public var nearestXterm256: UInt8 {
    let (r, g, b) = rgb8
    let cube = [Int(r), Int(g), Int(b)].map(TTColor.nearestCubeLevel)
    let cubeColor = (TTColor.cubeLevels[cube[0]], TTColor.cubeLevels[cube[1]], TTColor.cubeLevels[cube[2]])
    let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]

    let average = (Int(r) + Int(g) + Int(b)) / 3
    let grayStep = min(23, max(0, (average - 8 + 5) / 10))
    let grayLevel = 8 + 10 * grayStep
    let grayIndex = 232 + grayStep

    let cubeDistance = TTColor.distance((Int(r), Int(g), Int(b)), cubeColor)
    let grayDistance = TTColor.distance((Int(r), Int(g), Int(b)), (grayLevel, grayLevel, grayLevel))
    return UInt8(grayDistance < cubeDistance ? grayIndex : cubeIndex)
  }

  /// The index (0–15) of the nearest of the 16 basic ANSI colours, as xterm shows them.
  public var nearestANSI16: UInt8 {
    let (r, g, b) = rgb8
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in TTColor.ansi16Palette.enumerated() {
      let distance = TTColor.distance((Int(r), Int(g), Int(b)), (Int(entry.0), Int(entry.1), Int(entry.2)))
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return UInt8(best)
  }

  /// The colour of entry `index` of the xterm 256-colour palette.
  ///
  /// - Parameter index: The palette index, 0–255.
  /// - Returns: The colour xterm shows for it by default.
  public static func xterm256(_ index: UInt8) -> TTColor {
    switch index {
    case 0..<16:
      let entry = ansi16Palette[Int(index)]
      return TTColor(red: Int(entry.0), green: Int(entry.1), blue: Int(entry.2))
    case 16..<232:
      let offset = Int(index) - 16
      return TTColor(
        red: cubeLevels[offset / 36], green: cubeLevels[offset / 6 % 6], blue: cubeLevels[offset % 6])
    default:
      let level = 8 + 10 * (Int(index) - 232)
      return TTColor(red: level, green: level, blue: level)
    }
  }

  private static func nearestCubeLevel(_ value: Int) -> Int {
    if value < 48 { return 0 }
    if value < 115 { return 1 }
    return min(5, (value - 35) / 40)
  }

  /// A weighted squared distance ("redmean") that tracks perceived difference well enough to
  /// pick palette entries.
  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let meanRed = (a.0 + b.0) / 2
    let dr = a.0 - b.0
    let dg = a.1 - b.1
    let db = a.2 - b.2
    return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
  }
}
