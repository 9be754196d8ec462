extension TTURLMap {
  /// Three20's `from:toViewController:`; prefer ``map(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - factory: Makes the controller, created each time the URL is opened.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(_ pattern: String, toViewController factory: @escaping Factory) throws {
    try map(pattern, to: factory)
  }

  /// Three20's `from:parent:toViewController:`; prefer ``map(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first.
  ///   - factory: Makes the controller, created each time the URL is opened.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(
    _ pattern: String, parent: String, toViewController factory: @escaping Factory
  ) throws {
    try map(pattern, parent: parent, to: factory)
  }

  /// Three20's `from:toSharedViewController:`; prefer ``mapShared(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - factory: Makes the controller, once per URL.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(_ pattern: String, toSharedViewController factory: @escaping Factory) throws {
    try mapShared(pattern, to: factory)
  }

  /// Three20's `from:parent:toSharedViewController:`; prefer ``mapShared(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first.
  ///   - factory: Makes the controller, once per URL.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(
    _ pattern: String, parent: String, toSharedViewController factory: @escaping Factory
  ) throws {
    try mapShared(pattern, parent: parent, to: factory)
  }

  /// Three20's `from:toModalViewController:`; prefer ``mapModal(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - factory: Makes the controller, presented modally.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(_ pattern: String, toModalViewController factory: @escaping Factory) throws {
    try mapModal(pattern, to: factory)
  }

  /// Three20's `from:parent:toModalViewController:`; prefer ``mapModal(_:parent:to:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern; see <doc:URLPatterns>.
  ///   - parent: A URL opened first, under the modal controller.
  ///   - factory: Makes the controller, presented modally.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from(
    _ pattern: String, parent: String, toModalViewController factory: @escaping Factory
  ) throws {
    try mapModal(pattern, parent: parent, to: factory)
  }

  /// Three20's `from:toURL:` for generators; prefer ``mapGenerator(for:named:pattern:values:)``.
  ///
  /// - Parameters:
  ///   - type: The type of objects it makes URLs for.
  ///   - pattern: The pattern to fill.
  ///   - values: The parameters' values for an object.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed.
  public mutating func from<T>(
    _ type: T.Type, toURL pattern: String, values: @escaping @Sendable (T) -> [String: any Sendable]
  ) throws {
    try mapGenerator(for: type, pattern: pattern, values: values)
  }
}
