extension TTURLMap {
  /// Registers a generator: how to make a URL for objects of a type (Three20's `from:toURL:`).
  ///
  /// `values` gives each parameter's value; strings are used as they are, ``TTURLParameterValue``
  /// and `UUID` in their text form, other values by their `description`. Values are
  /// percent-encoded into the URL.
  ///
  /// ```swift
  /// struct User { var id: Int; var name: String }
  /// try map.mapGenerator(for: User.self, pattern: "tt://user/(id:int)/(name)") { user in
  ///   ["id": user.id, "name": user.name]
  /// }
  /// map.url(for: User(id: 7, name: "Zoë B"))   // "tt://user/7/Zo%C3%AB%20B"
  /// ```
  ///
  /// `type` may be a class, a struct, an enum, or a protocol's existential (`(any Named).self`).
  /// ``url(for:named:)`` looks a generator up by the object's exact type, then (for classes) by
  /// each superclass, nearest first, as Three20 walked superclasses, then by every other
  /// generator in registration order whose type the object can be cast to — protocols, for
  /// structs and enums. Registering the same type and name again replaces the generator.
  ///
  /// - Parameters:
  ///   - type: The type of objects it makes URLs for.
  ///   - name: A name, for types with several URLs (Three20's `from:name:toURL:`); `nil` (the
  ///     default) for the unnamed generator.
  ///   - pattern: The pattern to fill, without `*`; see <doc:URLPatterns>.
  ///   - values: The parameters' values for an object.
  /// - Throws: ``TTURLMapError/Code/invalidPattern`` when the pattern is malformed or is a fallback.
  public mutating func mapGenerator<T>(
    for type: T.Type, named name: String? = nil, pattern: String,
    values: @escaping @Sendable (T) -> [String: any Sendable]
  ) throws {
    let parsed = try TTURLPattern.parse(pattern, converters: Set(converterOrder))
    guard parsed.kind == .route else {
      throw TTURLMapError.invalidPattern(
        "a generator needs a pattern with components; a fallback such as '\(pattern)' cannot make a URL",
        in: pattern, at: max(0, pattern.count - 1))
    }
    let identifier = ObjectIdentifier(type)
    generators.removeAll { $0.type == identifier && $0.name == name }
    generators.append(
      TTURLGenerator(
        type: identifier, name: name, pattern: parsed,
        values: { object in (object as? T).map(values) }))
  }

  /// Removes the generator for a type and name.
  ///
  /// - Parameters:
  ///   - type: The type it was registered for.
  ///   - name: Its name; `nil` (the default) for the unnamed one.
  public mutating func removeGenerator<T>(for type: T.Type, named name: String? = nil) {
    let identifier = ObjectIdentifier(type)
    generators.removeAll { $0.type == identifier && $0.name == name }
  }

  /// A URL for an object, from the registered generators (Three20's `URLForObject:`).
  ///
  /// ```swift
  /// map.url(for: User(id: 7, name: "Ann"))   // "tt://user/7/Ann"
  /// map.url(for: "not a user")               // nil
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - name: The generator's name; `nil` (the default) for the unnamed one.
  /// - Returns: The URL, or `nil` when no generator fits, or when a value is missing, is empty
  ///   for a path component, or does not convert to its parameter's type (so every URL made
  ///   here matches its pattern).
  public func url(for object: Any, named name: String? = nil) -> String? {
    generatorSet.url(for: object, named: name)
  }

  /// The generators with the converters they validate values with.
  var generatorSet: TTURLGeneratorSet {
    TTURLGeneratorSet(generators: generators, converters: converters)
  }
}
