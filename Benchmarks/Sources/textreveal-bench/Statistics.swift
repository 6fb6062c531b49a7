/// Order statistics of a sample of durations in seconds.
struct Statistics {
  /// The sorted sample.
  let sorted: [Double]

  init(_ values: [Double]) {
    precondition(!values.isEmpty, "Statistics need at least one value")
    sorted = values.sorted()
  }

  var minimum: Double { sorted[0] }
  var maximum: Double { sorted[sorted.count - 1] }
  var median: Double { percentile(50) }

  /// The nearest-rank percentile.
  func percentile(_ percent: Double) -> Double {
    let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// Formatting of the figures the benchmark prints.
enum Figure {
  /// A duration with a unit and three significant digits: `812ns`, `12.3us`, `4.56ms`, `1.20s`.
  static func time(_ seconds: Double) -> String {
    let (value, unit): (Double, String) =
      switch seconds {
      case ..<1e-6: (seconds * 1e9, "ns")
      case ..<1e-3: (seconds * 1e6, "us")
      case ..<1: (seconds * 1e3, "ms")
      default: (seconds, "s")
      }
    return significant(value) + unit
  }

  /// A size in bytes as mebibytes with one decimal: `23.4MiB`.
  static func memory(_ bytes: Double) -> String {
    format(bytes / 1_048_576, decimals: 1) + "MiB"
  }

  /// A ratio with a trailing `x`: `12.3x`.
  static func ratio(_ value: Double) -> String {
    significant(value) + "x"
  }

  /// Three significant digits, no exponent.
  static func significant(_ value: Double) -> String {
    let decimals =
      switch abs(value) {
      case ..<10: 2
      case ..<100: 1
      default: 0
      }
    return format(value, decimals: decimals)
  }

  static func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = scaled % Int(scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
  }
}
