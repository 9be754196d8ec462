import Foundation
import Three20Core

/// One generator: a type (or protocol), an optional name, a pattern, and the values to fill it.
struct TTURLGenerator: Sendable {
  /// The registered type's identity.
  var type: ObjectIdentifier
  /// The generator's name; `nil` for the unnamed one.
  var name: String?
  /// The pattern the URL is made from.
  var pattern: TTURLPattern
  /// The parameter values for an object, or `nil` when the object is not of the type.
  var values: @Sendable (Any) -> [String: any Sendable]?
}

/// The generators and converters a map or matcher makes URLs with.
struct TTURLGeneratorSet: Sendable {
  var generators: [TTURLGenerator]
  var converters: [String: TTURLParameterConverter]

  /// A URL for an object: by its exact type, then its superclasses nearest first, then the first
  /// registered generator whose type the object can be cast to (protocols).
  func url(for object: Any, named name: String?) -> String? {
    let named = generators.filter { $0.name == name }
    guard !named.isEmpty else { return nil }
    var type: Any.Type = Swift.type(of: object)
    while true {
      let identifier = ObjectIdentifier(type)
      if let generator = named.last(where: { $0.type == identifier }) {
        return generator.values(object).flatMap { build(generator.pattern, values: $0) }
      }
      guard let classType = type as? AnyClass, let superclass = class_getSuperclassPortable(classType) else {
        break
      }
      type = superclass
    }
    for generator in named {
      if let values = generator.values(object) { return build(generator.pattern, values: values) }
    }
    return nil
  }

  /// The superclass of a Swift class, found through the class's reflection metadata.
  private func class_getSuperclassPortable(_ type: AnyClass) -> AnyClass? {
    _getSuperclass(type)
  }

  /// Fills a pattern with values; `nil` when a value is missing, empty in the path, or does not
  /// convert to its parameter's type.
  func build(_ pattern: TTURLPattern, values: [String: any Sendable]) -> String? {
    var url = pattern.scheme + "://"
    for (index, part) in pattern.components.enumerated() {
      if index > 0 { url += "/" }
      switch part {
      case .literal(_, let written):
        url += written
      case .parameter(let name, let type):
        guard let text = text(values[name]), !text.isEmpty, accepts(type, text) else { return nil }
        url += type == .path ? text.tt.percentEncodedPath : text.tt.percentEncodedPathComponent
      }
    }
    if !pattern.query.isEmpty {
      var items: [String] = []
      for item in pattern.query {
        switch item.part {
        case .literal(_, let written):
          items.append(item.writtenName + "=" + written)
        case .parameter(let name, let type):
          guard let text = text(values[name]), accepts(type, text) else { return nil }
          items.append(item.writtenName + "=" + text.tt.percentEncodedQueryValue)
        }
      }
      url += "?" + items.joined(separator: "&")
    }
    if let fragment = pattern.fragment {
      switch fragment {
      case .literal(_, let written):
        url += "#" + written
      case .parameter(let name, let type):
        guard let text = text(values[name]), accepts(type, text) else { return nil }
        url += "#" + text.tt.percentEncodedQueryValue
      }
    }
    return url
  }

  /// Whether a value's text converts to a parameter type.
  private func accepts(_ type: TTURLParameterType, _ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      switch type {
      case .string, .path: true
      case .int: TTURLParameterParsing.int(bytes) != nil
      case .double: TTURLParameterParsing.double(bytes) != nil
      case .bool: TTURLParameterParsing.bool(bytes) != nil
      case .uuid: TTURLParameterParsing.isUUID(bytes)
      case .custom(let name): converters[name]?.convert(String(decoding: bytes, as: UTF8.self)) != nil
      }
    }
  }

  /// A value as URL text: strings as they are, parameter values and UUIDs in their text form,
  /// other values by `description`; `nil` for a missing value or an empty optional.
  private func text(_ value: Any?) -> String? {
    guard let value else { return nil }
    switch value {
    case let string as String: return string
    case let substring as Substring: return String(substring)
    case let parameter as TTURLParameterValue: return parameter.description
    case let uuid as UUID: return uuid.uuidString
    default: break
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return nil }
      return text(wrapped)
    }
    if let describable = value as? any CustomStringConvertible { return describable.description }
    return String(describing: value)
  }
}
