import Foundation
@_spi(Backend) import TextLayout

/// The dust over hidden words: a deterministic particle system.
///
/// Fine grains, as Telegram draws them: each region emits uniformly inside its rectangles at
/// ``density`` grains per square point per second (at most ``maximumRate``), each living
/// ``lifetime``, starting at a random speed up to ``maximumSpeed`` in a random direction,
/// ``sizes`` wide, its opacity rising from 0 and falling back to 0 over its life
/// (`4 · age · (1 − age)`). A grain bounces off its rectangle's edges, inset by its radius, so no
/// grain ever reaches outside its word.
///
/// Every grain is a pure function of the seed, its region and its index: the *i*-th grain of a
/// region is born at `i / rate` seconds, and where it starts and how it moves come from a
/// counter-based hash of (seed, region, *i*). The grains alive at a time are those born in the
/// lifetime before it, computed directly: there is no state to advance, a frame after a dropped
/// frame is exactly the frame many small steps would reach, and the same seed and time give the
/// same grains on every run. Births start a lifetime before time 0, so the dust is full from
/// the first frame. With reduced motion the field is static dots placed by the same hash.
package struct ParticleField: Sendable, Hashable {
  /// The seed of every random choice.
  package var seed: UInt64
  /// Whether the dust is static dots (Reduce Motion).
  package var reducesMotion: Bool
  /// The rectangles of each region.
  package private(set) var regions: [[LayoutRect]]

  /// Grains emitted per square point per second; with a lifetime of 1 s, also the live grains
  /// per square point.
  package static let density = 1.3
  /// The most grains a region emits per second.
  package static let maximumRate = 200_000.0
  /// How long a grain lives, in seconds.
  package static let lifetime = 1.0
  /// The fastest a grain starts, in points per second.
  package static let maximumSpeed = 14.0
  /// The smallest and largest diameter, in points.
  package static let sizes = 0.45...1.15
  /// Static dots per square point with reduced motion.
  package static let staticDensity = 0.9

  /// One grain at one moment, in the layout's coordinates.
  package struct Grain: Sendable, Hashable {
    package var x: Double
    package var y: Double
    package var size: Double
    package var opacity: Double
    package var region: Int
  }

  /// Creates the field over regions' rectangles.
  package init(regions: [[LayoutRect]], seed: UInt64, reducesMotion: Bool = false) {
    self.regions = regions
    self.seed = seed
    self.reducesMotion = reducesMotion
    areas = regions.map { rects in rects.map { $0.width * $0.height } }
    totals = areas.map { $0.reduce(0, +) }
  }

  /// The area of each rectangle of each region, to pick rectangles in proportion.
  private let areas: [[Double]]
  /// The area of each region.
  private let totals: [Double]

  /// The emission rate of a region, per second.
  package func rate(ofRegion index: Int) -> Double {
    min(Self.maximumRate, totals[index] * Self.density)
  }

  /// The grains alive at a time, appended to a buffer (keep the buffer between frames: a frame
  /// then allocates nothing; the buffer grows geometrically however many regions there are).
  ///
  /// - Complexity: O(live grains), about 10 ns each in a release build.
  package func grains(at time: Double, into grains: inout [Grain]) {
    // Read once: a static is reached through a check that it was made, on every access.
    let directions = Self.directions
    for region in regions.indices {
      let total = totals[region]
      guard total > 0 else { continue }
      if reducesMotion {
        let count = Int((total * Self.staticDensity).rounded())
        for index in 0..<count {
          var random = Random(seed: seed, region: region, index: Int64(index))
          let (rect, position) = start(in: region, total: total, random: &random)
          let size = size(random.unit())
          grains.append(
            Grain(
              x: Self.clamp(position.x, rect.minX, rect.maxX, size / 2),
              y: Self.clamp(position.y, rect.minY, rect.maxY, size / 2), size: size,
              opacity: 0.8, region: region))
        }
        continue
      }
      let rate = rate(ofRegion: region)
      // Born in (time - lifetime, time]: indices first...last.
      let last = Int64((time * rate).rounded(.down))
      let first = Int64(((time - Self.lifetime) * rate).rounded(.down)) + 1
      guard first <= last else { continue }
      for index in first...last {
        let age = time - Double(index) / rate
        guard age >= 0 && age < Self.lifetime else { continue }
        var random = Random(seed: seed, region: region, index: index)
        let (rect, start) = start(in: region, total: total, random: &random)
        let (direction, other) = random.pair()
        let unit = directions[Int(direction >> 22)]
        let speed = Self.maximumSpeed * Double(other >> 8) * 0x1p-24
        let size = size(random.unit())
        let radius = size / 2
        let life = age / Self.lifetime
        grains.append(
          Grain(
            x: Self.bounce(
              start.x + speed * unit.x * age, within: rect.minX + radius, rect.maxX - radius),
            y: Self.bounce(
              start.y + speed * unit.y * age, within: rect.minY + radius, rect.maxY - radius),
            size: size, opacity: 4 * life * (1 - life), region: region))
      }
    }
  }

  /// A diameter from a number in 0..<1.
  @inline(__always)
  private func size(_ unit: Double) -> Double {
    Self.sizes.lowerBound + (Self.sizes.upperBound - Self.sizes.lowerBound) * unit
  }

  /// A coordinate kept inside `low...high` shrunk by a margin on both sides (the middle when
  /// the span is narrower than both margins).
  @inline(__always)
  static func clamp(_ value: Double, _ low: Double, _ high: Double, _ margin: Double) -> Double {
    guard high - low > 2 * margin else { return (low + high) / 2 }
    return min(high - margin, max(low + margin, value))
  }

  /// 1,024 unit vectors around the circle: a grain's direction, picked by 10 random bits.
  static let directions: [LayoutPoint] = (0..<1024).map { index in
    let angle = 2 * Double.pi * Double(index) / 1024
    return LayoutPoint(x: cos(angle), y: sin(angle))
  }

  /// Where a grain starts: in a rectangle of the region picked in proportion to its area,
  /// uniformly inside it.
  @inline(__always)
  private func start(
    in region: Int, total: Double, random: inout Random
  ) -> (rect: LayoutRect, point: LayoutPoint) {
    let rects = regions[region]
    var chosen = 0
    if rects.count > 1 {
      var pick = random.unit() * total
      chosen = rects.count - 1
      for (index, area) in areas[region].enumerated() {
        if pick < area {
          chosen = index
          break
        }
        pick -= area
      }
    }
    let rect = rects[chosen]
    let (u, v) = random.pair()
    return (
      rect,
      LayoutPoint(
        x: rect.minX + rect.width * Double(u) * 0x1p-32,
        y: rect.minY + rect.height * Double(v) * 0x1p-32)
    )
  }

  /// A coordinate folded back into `low...high` as a grain bouncing off the edges; the middle
  /// when the span is empty.
  @inline(__always)
  static func bounce(_ value: Double, within low: Double, _ high: Double) -> Double {
    if value >= low && value <= high { return value }
    let span = high - low
    guard span > 0 else { return (low + high) / 2 }
    // One bounce covers almost every grain: a few points a second for at most a second.
    if value < low && value >= low - span { return 2 * low - value }
    if value > high && value <= high + span { return 2 * high - value }
    var folded = (value - low).truncatingRemainder(dividingBy: 2 * span)
    if folded < 0 { folded += 2 * span }
    return low + (folded <= span ? folded : 2 * span - folded)
  }

  /// The random numbers of one grain: SplitMix64 over a counter that starts from a hash of the
  /// seed, the region and the index, so that any grain can be made on its own.
  struct Random {
    private var state: UInt64

    init(seed: UInt64, region: Int, index: Int64) {
      state =
        seed &+ UInt64(truncatingIfNeeded: region) &* 0x9E37_79B9_7F4A_7C15
        ^ UInt64(bitPattern: index) &* 0xD1B5_4A32_D192_ED03
      _ = next()
    }

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func unit() -> Double {
      Double(next() >> 11) * 0x1p-53
    }

    /// Two 32-bit random numbers from one step.
    mutating func pair() -> (UInt32, UInt32) {
      let value = next()
      return (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
    }
  }
}
