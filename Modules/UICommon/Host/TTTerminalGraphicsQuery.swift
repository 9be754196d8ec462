public import Three20Style

#if canImport(Glibc)
import Glibc
#endif

/// Asks the terminal itself which pictures it draws, when the environment does not say.
///
/// `TTTerminalCapabilities.detectGraphics(environment:)` knows terminals by their variables;
/// over SSH or in a terminal it does not know, the terminal can be asked. ``query(input:output:timeout:)``
/// writes ``request``, two questions every terminal reads safely:
///
/// 1. a kitty graphics query, `ESC _ G i=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \`, which a terminal
///    that speaks kitty's protocol answers with `ESC _ G i=31;OK ESC \` and others ignore;
/// 2. Primary Device Attributes, `ESC [ c`, which every terminal answers
///    (`ESC [ ? 62 ; 4 ; 22 c`), attribute 4 meaning sixel graphics. Terminals answer in
///    order, so this answer is the sign that no other is coming.
///
/// The answer is kitty when the kitty reply is OK, otherwise sixel when the attributes list 4,
/// otherwise symbols. Bytes that are not part of the replies (keys typed meanwhile) are
/// handed back in ``Answer/leftover`` for the key decoder.
///
/// The host calls ``query(input:output:timeout:)`` right after putting the terminal in raw
/// mode, before it reads any key: in cooked mode the replies would be echoed and held back
/// until a newline, so the query refuses to run there. A terminal that has not answered by
/// the timeout may still answer later; its reply then reaches the key decoder, which ignores
/// sequences it does not know.
///
/// ```swift
/// TTTerminalGraphicsQuery.graphics(fromReply: Array("\u{1B}[?62;4c".utf8))   // .sixel
/// TTTerminalGraphicsQuery.graphics(fromReply: Array("\u{1B}[?6".utf8))        // nil: not yet
/// ```
public enum TTTerminalGraphicsQuery {
  /// What the terminal answered, and the bytes that were not part of its answer.
  public struct Answer: Sendable, Hashable {
    /// The pictures the terminal draws, or `nil` when its answer is not complete (or did not
    /// come in time).
    public var graphics: TTTerminalGraphics?
    /// The bytes read that are not part of a reply, in order: keys typed while waiting.
    public var leftover: [UInt8]

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - graphics: The pictures the terminal draws, or `nil`.
    ///   - leftover: The bytes that are not part of a reply.
    public init(graphics: TTTerminalGraphics?, leftover: [UInt8] = []) {
      self.graphics = graphics
      self.leftover = leftover
    }
  }

  /// The bytes written to ask: the kitty graphics query, then Primary Device Attributes.
  public static let request: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c".utf8)

  /// The most bytes read while waiting for the answer: 4,096.
  ///
  /// Beyond that the answer counts as not coming.
  public static let maximumReplyLength = 4_096

  /// The longest a kitty reply may be before it no longer counts as one: 512 bytes, room
  /// for an error message.
  static let maximumGraphicsReplyLength = 512
  /// The longest a Device Attributes reply may be before it no longer counts as one: 64 bytes.
  static let maximumAttributesLength = 64

  /// How long ``query(input:output:timeout:)`` waits by default: 200 milliseconds.
  ///
  /// Time for a terminal at the other end of a slow SSH connection.
  public static let defaultTimeout: Duration = .milliseconds(200)

  /// The pictures a terminal draws, from the bytes it sent back to ``request``.
  ///
  /// - Parameter bytes: What was read from the terminal so far; keys typed meanwhile may be
  ///   mixed in, before or between the replies.
  /// - Returns: kitty, sixel or symbols; `nil` while the Device Attributes reply has not
  ///   arrived whole.
  public static func graphics(fromReply bytes: [UInt8]) -> TTTerminalGraphics? {
    parse(bytes).graphics
  }

  /// Splits what was read from the terminal into its answer and the other bytes.
  ///
  /// The bytes are read once, front to back. A kitty reply (`ESC _ G … ESC \`) and the Device
  /// Attributes reply (`ESC [ ? … c`) are taken out; everything else, including a sequence
  /// that is too long to be a reply, is left over. Once the attributes have arrived the
  /// answer is complete, and the bytes after them are left over too. While it is not, the
  /// leftover ends with the start of a reply that has not finished (for example a lone `ESC`).
  ///
  /// - Parameter bytes: What was read, of any length.
  /// - Returns: The answer.
  public static func parse(_ bytes: [UInt8]) -> Answer {
    var leftover: [UInt8] = []
    var kitty = false
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == 0x1B else {
        leftover.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.endIndex else { break }
      let scan: Scan
      switch bytes[index + 1] {
      case 0x5F: scan = scanGraphicsReply(bytes, at: index)
      case 0x5B: scan = scanAttributes(bytes, at: index)
      default: scan = .notAReply
      }
      switch scan {
      case .graphics(let end, let isOK):
        kitty = kitty || isOK
        index = end
      case .attributes(let end, let sixel):
        leftover += bytes[end...]
        return Answer(graphics: kitty ? .kitty : sixel ? .sixel : .symbols, leftover: leftover)
      case .unfinished:
        leftover += bytes[index...]
        return Answer(graphics: nil, leftover: leftover)
      case .notAReply:
        leftover.append(byte)
        index += 1
      }
    }
    leftover += bytes[index...]
    return Answer(graphics: nil, leftover: leftover)
  }

  /// Asks the terminal, and waits at most `timeout` for the answer.
  ///
  /// Call it on a terminal in raw mode (`ICANON` off), before reading keys: the host does so
  /// right after entering raw mode. Nothing is written when `input` or `output` is not a
  /// terminal or the input is not in raw mode. At most ``maximumReplyLength`` bytes are read.
  ///
  /// - Parameters:
  ///   - input: The descriptor the terminal's replies (and keys) are read from.
  ///   - output: The descriptor the question is written to.
  ///   - timeout: How long to wait for the whole answer; ``defaultTimeout`` by default.
  /// - Returns: The answer, whose ``Answer/graphics`` is `nil` when the terminal did not answer
  ///   in time (or could not be asked), and the bytes read that were not part of it.
  public static func query(input: Int32, output: Int32, timeout: Duration = defaultTimeout) -> Answer {
    guard isatty(input) == 1, isatty(output) == 1 else { return Answer(graphics: nil) }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 else {
      return Answer(graphics: nil)
    }
    guard writeAll(request, to: output) else { return Answer(graphics: nil) }

    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1_024)
    while received.count < maximumReplyLength {
      let remaining = clock.now.duration(to: deadline)
      guard remaining > .zero else { break }
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds(remaining))
      if ready < 0 && errno == EINTR { continue }
      guard ready >= 0 else { break }
      guard ready > 0 else { continue }
      guard descriptor.revents & Int16(POLLIN) != 0 else { break }
      let wanted = min(chunk.count, maximumReplyLength - received.count)
      let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, wanted) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { break }
      received += chunk[0..<count]
      let answer = parse(received)
      if answer.graphics != nil { return answer }
    }
    return Answer(graphics: nil, leftover: parse(received).leftover)
  }

  /// What one escape sequence turned out to be.
  private enum Scan {
    /// A kitty graphics reply ending before `end`; `isOK` when it answers our query with OK.
    case graphics(end: Int, isOK: Bool)
    /// The Device Attributes reply ending before `end`; `sixel` when attribute 4 is listed.
    case attributes(end: Int, sixel: Bool)
    /// The bytes end inside what may still become a reply.
    case unfinished
    /// Not a reply: the `ESC` is an ordinary byte.
    case notAReply
  }

  /// `ESC _ G <keys> ; <message> ESC \` starting at `start`.
  private static func scanGraphicsReply(_ bytes: [UInt8], at start: Int) -> Scan {
    let body = start + 2
    guard body < bytes.endIndex else { return .unfinished }
    guard bytes[body] == UInt8(ascii: "G") else { return .notAReply }
    var index = body + 1
    while index < bytes.endIndex {
      guard index - start <= maximumGraphicsReplyLength else { return .notAReply }
      if bytes[index] == 0x1B {
        guard index + 1 < bytes.endIndex else { return .unfinished }
        guard bytes[index + 1] == 0x5C else { return .notAReply }
        return .graphics(end: index + 2, isOK: isKittyOK(bytes[(body + 1)..<index]))
      }
      index += 1
    }
    return .unfinished
  }

  /// Whether a kitty reply's text (after `G`) is `i=31` … `;OK`.
  private static func isKittyOK(_ text: ArraySlice<UInt8>) -> Bool {
    guard let separator = text.firstIndex(of: UInt8(ascii: ";")) else { return false }
    let keys = text[text.startIndex..<separator].split(separator: UInt8(ascii: ","))
    return keys.contains { $0.elementsEqual("i=31".utf8) }
      && text[(separator + 1)...].elementsEqual("OK".utf8)
  }

  /// `ESC [ ? <numbers separated by ;> c` starting at `start`.
  private static func scanAttributes(_ bytes: [UInt8], at start: Int) -> Scan {
    let mark = start + 2
    guard mark < bytes.endIndex else { return .unfinished }
    guard bytes[mark] == UInt8(ascii: "?") else { return .notAReply }
    var sixel = false
    var value = 0
    var digits = 0
    var index = mark + 1
    while index < bytes.endIndex {
      guard index - start <= maximumAttributesLength else { return .notAReply }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
        digits += 1
      case UInt8(ascii: ";"), UInt8(ascii: "c"):
        if digits > 0 && value == 4 { sixel = true }
        value = 0
        digits = 0
        if byte == UInt8(ascii: "c") { return .attributes(end: index + 1, sixel: sixel) }
      default:
        return .notAReply
      }
      index += 1
    }
    return .unfinished
  }

  /// Whole milliseconds in `duration`, rounded up, between 1 and a day.
  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds < 86_400 else { return 86_400_000 }
    let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(max(1, milliseconds))
  }

  /// Writes every byte, going on after partial writes and interruptions.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }
}
