import CCmarkGFM

/// A document parsed by cmark-gfm with the strikethrough and autolink extensions: owns the
/// parser and the node tree, and frees both.
///
/// Used on one thread at a time, inside one call of ``MarkdownParser/styledText(from:base:codeFamily:)``.
final class CmarkDocument {
  /// The root `CMARK_NODE_DOCUMENT`.
  let root: OpaquePointer
  private let parser: OpaquePointer

  /// Parses UTF-8 bytes; cmark takes a length, so NUL bytes do not end the input.
  ///
  /// - Throws: ``MarkdownError/cmarkFailed(function:inputBytes:)`` when cmark returns `NULL`.
  init(bytes: [UInt8]) throws(MarkdownError) {
    // Registration is idempotent and guarded by cmark itself; it fills the extension registry
    // that `cmark_find_syntax_extension` reads.
    cmark_gfm_core_extensions_ensure_registered()
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
      throw .cmarkFailed(function: "cmark_parser_new", inputBytes: bytes.count)
    }
    for name in ["strikethrough", "autolink"] {
      if let extensionHandle = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, extensionHandle)
      }
    }
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        cmark_parser_feed(parser, chars.baseAddress, chars.count)
      }
    }
    guard let root = cmark_parser_finish(parser) else {
      cmark_parser_free(parser)
      throw .cmarkFailed(function: "cmark_parser_finish", inputBytes: bytes.count)
    }
    self.parser = parser
    self.root = root
  }

  deinit {
    cmark_node_free(root)
    cmark_parser_free(parser)
  }
}
