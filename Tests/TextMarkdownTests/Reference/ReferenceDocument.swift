import CCmarkGFM
import Synchronization

/// Held by every cmark-gfm parse in the process, including the tests' reference renderings.
///
/// cmark-gfm 0.29.0.gfm.6 (Debian 12's) keeps the table of bytes that end a run of text in a
/// global: each parse with extensions adds the extensions' bytes (`~`, `w`, `:`, `@`) before
/// its inline pass and removes them after, so two parses at once lose each other's
/// strikethrough and autolinks (a C program with four threads got a third of its renderings
/// wrong). Newer releases keep the table in the parser; the lock costs little either way.
let cmarkLock = Mutex<Void>(())

/// A document parsed by cmark-gfm with the strikethrough and autolink extensions: owns the
/// parser and the node tree, and frees both.
///
/// Part of the reference: TextMarkdown's parser before it had its own (``ReferenceMarkdown``),
/// kept to compare with. Used on one thread at a time.
final class ReferenceDocument {
  /// The root `CMARK_NODE_DOCUMENT`.
  let root: OpaquePointer
  private let parser: OpaquePointer

  /// Parses UTF-8 bytes; cmark takes a length, so NUL bytes do not end the input.
  ///
  /// - Parameter bytes: The Markdown.
  /// Stops the test process when cmark returns `NULL` (it ran out of memory).
  init(bytes: [UInt8]) {
    let extensions = Self.extensions(for: bytes)
    let (parser, root) = cmarkLock.withLock { _ -> (OpaquePointer?, OpaquePointer?) in
      // Fills the extension registry that `cmark_find_syntax_extension` reads; idempotent.
      cmark_gfm_core_extensions_ensure_registered()
      guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return (nil, nil) }
      for name in extensions {
        if let extensionHandle = cmark_find_syntax_extension(name) {
          cmark_parser_attach_syntax_extension(parser, extensionHandle)
        }
      }
      bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { chars in
          cmark_parser_feed(parser, chars.baseAddress, chars.count)
        }
      }
      return (parser, cmark_parser_finish(parser))
    }
    guard let parser, let root else {
      fatalError("cmark-gfm returned NULL for \(bytes.count) bytes of Markdown")
    }
    self.parser = parser
    self.root = root
  }

  /// The extensions that can match in `bytes`: strikethrough needs a `~`, and an autolink
  /// `www.`, `://` or an `@` (GFM's www, URL and e-mail autolinks). An extension that cannot
  /// match changes nothing but costs its scanning: a fifth of a parse of plain prose.
  static func extensions(for bytes: [UInt8]) -> [String] {
    var names: [String] = []
    if bytes.contains(UInt8(ascii: "~")) { names.append("strikethrough") }
    if bytes.contains(UInt8(ascii: "@"))
      || ReferenceSource.bytes(bytes[...], contain: Array("://".utf8))
      || ReferenceSource.bytes(bytes[...], contain: Array("www.".utf8))
    {
      names.append("autolink")
    }
    return names
  }

  deinit {
    cmarkLock.withLock { _ in
      cmark_node_free(root)
      cmark_parser_free(parser)
    }
  }
}
