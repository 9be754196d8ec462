import Foundation
import Testing
import Three20Core

private struct OtherError: Error, CustomStringConvertible {
  var description: String
}

@Suite struct TTModelFailureTests {
  /// Failures with equal errors of the same type are equal and hash alike.
  @Test func sameTypeAndTextAreEqual() {
    let a = TTModelFailure(TTCoreError(.missingValue, "No 'items' in the response."))
    let b = TTModelFailure(TTCoreError(.missingValue, "No 'items' in the response."))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
  }

  /// Errors of the same type with different content differ.
  @Test func differentContentIsNotEqual() {
    let a = TTModelFailure(TTCoreError(.missingValue, "one"))
    #expect(a != TTModelFailure(TTCoreError(.missingValue, "two")))
    #expect(a != TTModelFailure(TTCoreError(.typeMismatch, "one")))
  }

  /// Errors that are not Equatable compare by their reflected text.
  @Test func nonEquatableErrorsCompareByReflection() {
    let a = TTModelFailure(OtherError(description: "x"))
    #expect(a == TTModelFailure(OtherError(description: "x")))
    #expect(a.hashValue == TTModelFailure(OtherError(description: "x")).hashValue)
    #expect(a != TTModelFailure(OtherError(description: "y")))
  }

  /// NSErrors compare by their own equality: domain, code and user info.
  @Test func nsErrorsCompareByDomainAndCode() {
    let a = TTModelFailure(NSError(domain: "net", code: 404))
    #expect(a == TTModelFailure(NSError(domain: "net", code: 404)))
    #expect(a != TTModelFailure(NSError(domain: "net", code: 500)))
  }

  /// Errors of different types differ even when they print the same way.
  @Test func differentTypesAreNotEqual() {
    let core = TTModelFailure(TTCoreError(.missingValue, "same"))
    let other = TTModelFailure(OtherError(description: "same"))
    #expect(core.description == other.description)
    #expect(core != other)
  }

  /// The description is the error's own text, and the original error is kept.
  @Test func keepsTheOriginalError() {
    let failure = TTModelFailure(TTCoreError(.typeMismatch, "Expected a number for 'count'."))
    #expect(failure.description == "Expected a number for 'count'.")
    #expect((failure.error as? TTCoreError)?.code == .typeMismatch)
  }

  /// Wrapping a failure again does not nest it.
  @Test func wrappingAFailureDoesNotNest() {
    let inner = TTModelFailure(OtherError(description: "x"))
    let outer = TTModelFailure(inner)
    #expect(outer == inner)
    #expect(outer.error is OtherError)
  }
}
