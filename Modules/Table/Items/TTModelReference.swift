public import Three20Core

/// A weak reference to a model that an item can carry and still be `Sendable`.
///
/// Models live on the main actor and items are values passed anywhere, so an item cannot hold
/// a model directly. It holds this reference instead: made on the main actor, it keeps the
/// model weakly (so an item in the model's own content makes no retain cycle) and gives it
/// back only on the main actor. Two references are equal when they refer to the same model
/// object.
///
/// ```swift
/// let more = TTTableMoreButton(model: TTModelReference(photos))
/// more.model === photos   // true, on the main actor, while `photos` is alive
/// ```
public struct TTModelReference: Sendable, Hashable {
  /// Holds the model weakly; isolated to the main actor, so sharing it is safe.
  @MainActor private final class Box {
    weak var model: (any TTModel)?
    init(_ model: any TTModel) { self.model = model }
  }

  private let box: Box
  private let identity: ObjectIdentifier

  /// Refers to a model.
  ///
  /// - Parameter model: The model; it is not retained.
  @MainActor
  public init(_ model: any TTModel) {
    box = Box(model)
    identity = ObjectIdentifier(model)
  }

  /// The model, or `nil` once it has been deinitialised.
  @MainActor
  public var model: (any TTModel)? { box.model }

  /// Whether both refer to the same model object.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

  /// Hashes the model object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
