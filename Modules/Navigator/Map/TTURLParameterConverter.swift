/// A named parameter type for URL patterns: `(x:name)` runs the converter on the component's text.
///
/// Register converters on the map with ``TTURLMap/registerConverter(named:_:)`` before the
/// patterns that use them. A converter returns `nil` to refuse the text; the component then does
/// not match, and a less specific pattern may match instead. Converters must be pure: the matcher
/// may call one more than once for the same text.
///
/// ```swift
/// var map = TTURLMap()
/// try map.registerConverter(named: "hex") { text in Int(text, radix: 16).map { .int($0) } }
/// try map.map("tt://color/(rgb:hex)") { match, _ in ColorController(match.parameters["rgb"]) }
/// // tt://color/ff8800 → rgb = .int(16746496); tt://color/orange does not match
/// ```
struct TTURLParameterConverter: Sendable {
  /// The type name used in patterns, for example `hex` in `(rgb:hex)`.
  var name: String
  /// Turns a percent-decoded component into a value, or `nil` to refuse it.
  var convert: @Sendable (String) -> TTURLParameterValue?

  /// Creates a converter.
  ///
  /// - Parameters:
  ///   - name: The type name used in patterns.
  ///   - convert: Turns the decoded text into a value, or returns `nil` to refuse it.
  init(name: String, convert: @escaping @Sendable (String) -> TTURLParameterValue?) {
    self.name = name
    self.convert = convert
  }
}
