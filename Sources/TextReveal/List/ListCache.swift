import Synchronization
@_spi(Backend) import TextLayout

/// The numbers ``ListCache/newVersion()`` gives out.
private let rowVersions = Atomic<UInt64>(0)

/// What the copies of a list share and keep between layouts: each row's prepared text, by row
/// identity, and the geometry of the last expansion states laid out. Laying the rows out again
/// (a new frame of an animation, a toggle, a scroll) reuses both.
final class ListCache<ID: Hashable & Sendable>: Sendable {
  private let state = Mutex<State>(State())

  struct State {
    var texts: [ID: (text: PreparedText, pass: Int)] = [:]
    var pass = 0
    /// The last pass's rows and type size, and the texts it found, in row order.
    var last: (version: UInt64, typeSize: TypeSize, texts: [PreparedText])?
    /// The geometries laid out last: the two ends of an animation and one more.
    var geometries = RecentValues<GeometryKey, ListGeometry>(capacity: 3)
  }

  /// What a geometry depends on besides the texts.
  struct GeometryKey: Hashable {
    var version: UInt64
    var environment: ComponentEnvironment
    var lineLimit: LineLimit
    var collapsesBlankLines: Bool
    var metrics: ExpandingList<ID>.Metrics
    var labels: [String]
    var expanded: Set<ID>
  }

  /// A number no value of rows had before, in any list of the process.
  static func newVersion() -> UInt64 {
    rowVersions.add(1, ordering: .relaxed).newValue
  }

  /// The geometry kept for a key, if any.
  func geometry(for key: GeometryKey) -> ListGeometry? {
    state.withLock { state in state.geometries.value(for: key) }
  }

  /// Keeps a geometry, forgetting the oldest beyond three.
  func keep(_ geometry: ListGeometry, for key: GeometryKey) {
    state.withLock { state in state.geometries.keep(geometry, for: key) }
  }

  /// The prepared text of every row, reusing the kept one when the row's text is unchanged;
  /// rows no longer in the list are forgotten.
  ///
  /// The pass also finds a row identity used twice, with no table of its own: a kept text
  /// found twice in one pass, or a row that replaces another's in a new table, is one.
  ///
  /// - Returns: The texts in row order, or the first identity used twice.
  func texts(
    for rows: [ListRow<ID>], version: UInt64, typeSize: TypeSize
  ) -> Result<[PreparedText], DuplicateID> {
    state.withLock { state in
      if let last = state.last, last.version == version, last.typeSize == typeSize {
        return .success(last.texts)
      }
      state.pass &+= 1
      let pass = state.pass
      var texts: [PreparedText] = []
      texts.reserveCapacity(rows.count)
      // Rows are read in place (a generic row copied costs more than the lookup), and the kept
      // table is rebuilt only when a row is new or changed or the rows are fewer.
      var isUnchanged = rows.count == state.texts.count
      var duplicate: ID?
      rows.withUnsafeBufferPointer { rows in
        for index in rows.indices {
          let text = rows[index].text.scaled(to: typeSize)
          if let known = state.texts.index(forKey: rows[index].id),
            state.texts.values[known].text.text == text
          {
            if state.texts.values[known].pass == pass, duplicate == nil {
              duplicate = rows[index].id
            }
            state.texts.values[known].pass = pass
            texts.append(state.texts.values[known].text)
          } else {
            texts.append(PreparedText(text))
            isUnchanged = false
          }
        }
        if !isUnchanged {
          var next: [ID: (text: PreparedText, pass: Int)] = [:]
          next.reserveCapacity(rows.count)
          for index in rows.indices
          where next.updateValue((texts[index], pass), forKey: rows[index].id) != nil {
            if duplicate == nil { duplicate = rows[index].id }
          }
          state.texts = next
        }
      }
      if let duplicate { return .failure(DuplicateID(id: duplicate)) }
      state.last = (version, typeSize, texts)
      return .success(texts)
    }
  }

  /// A row identity used by more than one row.
  struct DuplicateID: Error {
    var id: ID
  }
}
