import CLibXML2
import Foundation
import Three20Core

extension TTXMLParser {
  /// The HTML entity a document refers to without declaring it (`&eacute;`, `&nbsp;` in a feed
  /// with no DTD), read in recovery mode as the character HTML gives it, or `nil` when HTML has
  /// no entity of that name.
  ///
  /// XML knows only `lt`, `gt`, `amp`, `apos` and `quot` without a DTD; feeds copy HTML's
  /// entities into their text all the same. The entity is made once per name, in a document
  /// the parser owns until it releases its context, and noted in ``diagnostics`` the first
  /// time.
  ///
  /// - Parameter name: The entity's name, as written between `&` and `;`.
  func htmlEntity(named name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
    guard length > 0, length <= 32 else { return nil }
    if let htmlEntities, let made = xmlGetDocEntity(htmlEntities, name) { return made }
    let text = String(cString: name)
    let reference = "&" + text + ";"
    // The exact name only (at most HTML's 2,231): decoding `&notit;` as text would read HTML's
    // legacy `&not` and make an entity for every such name.
    guard let decoded = TTHTMLEntities.value(named: text), !decoded.isEmpty else { return nil }
    if htmlEntities == nil {
      htmlEntities = xmlNewDoc("1.0")
      guard let htmlEntities, xmlCreateIntSubset(htmlEntities, "html", nil, nil) != nil else { return nil }
    }
    // The replacement text is parsed as markup: `<` and `&` (HTML's `&LT;`, `&AMP;`) as
    // references.
    var content = ""
    for scalar in decoded.unicodeScalars {
      switch scalar {
      case "<": content += "&#60;"
      case "&": content += "&#38;"
      default: content.unicodeScalars.append(scalar)
      }
    }
    guard
      let entity = xmlAddDocEntity(
        htmlEntities, name, Int32(XML_INTERNAL_GENERAL_ENTITY.rawValue), nil, nil, content)
    else { return nil }
    if diagnostics.count < 1000 {
      var note = TTXMLError(
        .malformed,
        "The entity \(TTMessageText.quoted(reference, limit: 40)) is not declared (XML declares only lt, "
          + "gt, amp, apos and quot without a DTD); it was read as HTML's \(TTMessageText.quoted(decoded)) "
          + "(recovery).")
      if let input = context?.pointee.input {
        // libxml2 stands just past the `;`: point at the `&` (columns count what libxml2 reads,
        // after any repair earlier on the line).
        note.line = Int(input.pointee.line)
        note.column = max(1, Int(input.pointee.col) - length - 2)
      }
      diagnostics.append(note)
    }
    return entity
  }
}
