import Foundation
import PlaygroundCore
import Testing

@Suite struct DrawingPoolTests {
  /// Limits of one drawing thread, which takes every job, changed by `change`.
  private func oneThread(
    _ change: (inout PlaygroundLimits) -> Void = { _ in }
  ) -> PlaygroundLimits {
    var limits = PlaygroundLimits()
    limits.workers = 1
    limits.heavyWorkers = 0
    change(&limits)
    return limits
  }

  /// A pool of one thread, held by a job until the gate opens.
  private func heldPool(_ limits: PlaygroundLimits, gate: Gate) async throws -> (
    DrawingPool, Task<Void, any Error>
  ) {
    let pool = DrawingPool(limits: limits)
    let holder = Task { try await pool.run { _ in gate.wait() } }
    while pool.load.running == 0 { try await Task.sleep(for: .milliseconds(2)) }
    return (pool, holder)
  }

  @Test("a job's result is handed back before its follow-up runs, on the same thread, first")
  func followUpAfterTheResult() async throws {
    let pool = DrawingPool(limits: oneThread())
    let gate = Gate()
    let order = OrderLog()
    // The follow-up waits for the gate, which opens only once the result is back: a pool
    // that ran it before handing the result back would never return.
    let result = try await pool.run(
      followedBy: { worker -> (Int, DrawingPool.FollowUp?) in
        (
          worker.index,
          { worker in
            gate.wait()
            order.append(worker.index + 100)
          }
        )
      })
    order.append(result)
    // The next job waits for the follow-up: the thread is the same.
    let next = Task { try await pool.run { worker in order.append(worker.index + 200) } }
    gate.open()
    try await next.value
    #expect(order.values == [0, 100, 200])
  }

  @Test("the job of the session that has drawn least lately goes first")
  func leastUsageFirst() async throws {
    let gate = Gate()
    let (pool, holder) = try await heldPool(oneThread(), gate: gate)
    let order = OrderLog()
    var jobs: [Task<Void, any Error>] = []
    for usage in [30, 10, 20] {
      jobs.append(
        Task {
          try await pool.run(usage: Double(usage)) { _ in order.append(usage) }
        })
      while pool.load.queued < jobs.count { try await Task.sleep(for: .milliseconds(2)) }
    }
    gate.open()
    try await holder.value
    for job in jobs { try await job.value }
    #expect(order.values == [10, 20, 30])
  }

  @Test("a full queue refuses at once with 503 and Retry-After; heavy jobs have a smaller queue")
  func refusesWhenFull() async throws {
    let limits = oneThread {
      $0.queuedJobs = 2
      $0.queuedHeavyJobs = 1
    }
    let gate = Gate()
    let (pool, holder) = try await heldPool(limits, gate: gate)
    let heavy = Task { try await pool.run(estimate: .seconds(1)) { _ in 1 } }
    while pool.load.queued < 1 { try await Task.sleep(for: .milliseconds(2)) }
    let secondHeavy = await #expect(throws: PlaygroundError.self) {
      try await pool.run(estimate: .seconds(1)) { _ in 2 }
    }
    #expect(secondHeavy?.status == 503 && secondHeavy?.retryAfter == 1)
    let light = Task { try await pool.run { _ in 3 } }
    while pool.load.queued < 2 { try await Task.sleep(for: .milliseconds(2)) }
    let full = await #expect(throws: PlaygroundError.self) { try await pool.run { _ in 4 } }
    #expect(full?.status == 503 && full?.retryAfter == 1)
    gate.open()
    try await holder.value
    #expect(try await heavy.value == 1)
    #expect(try await light.value == 3)
  }

  @Test("a job that waited past the queue's wait is refused instead of drawn")
  func refusesStaleJobs() async throws {
    let gate = Gate()
    let (pool, holder) = try await heldPool(
      oneThread { $0.queueWait = .milliseconds(100) }, gate: gate)
    let drawn = OrderLog()
    let stale = await #expect(throws: PlaygroundError.self) {
      try await pool.run { _ in drawn.append(1) }
    }
    #expect(stale?.status == 503)
    gate.open()
    try await holder.value
    #expect(drawn.values.isEmpty)
  }

  @Test("heavy jobs are drawn by the heavy thread, and light ones meanwhile by the others")
  func heavyJobsHaveTheirOwnThread() async throws {
    var limits = PlaygroundLimits()
    limits.workers = 1
    limits.heavyWorkers = 1
    // No share of the light thread for heavy jobs: they wait for the heavy thread.
    limits.heavyShare = 0
    let gate = Gate()
    let pool = DrawingPool(limits: limits)
    // A heavy job holds the heavy thread...
    let heavy = Task {
      try await pool.run(estimate: .seconds(2)) { worker in
        gate.wait()
        return worker.index
      }
    }
    while pool.load.running == 0 { try await Task.sleep(for: .milliseconds(2)) }
    // ...and light jobs are drawn on the light thread meanwhile.
    for _ in 0..<3 {
      #expect(try await pool.run(estimate: .milliseconds(5)) { worker in worker.index } == 0)
    }
    // A session that has drawn a lot lately is served like a heavy job: it waits for the
    // heavy thread rather than taking the light one.
    let busy = Task { try await pool.run(usage: 30) { worker in worker.index } }
    try await Task.sleep(for: .milliseconds(100))
    #expect(pool.load.queued == 1)
    gate.open()
    #expect(try await heavy.value == 1)
    #expect(try await busy.value == 1)
  }
}

/// Heavy jobs are slowed, never starved: the heavy thread may get no processor time on a busy
/// machine (here it is held by a job), and a light thread then draws them within its share.
@Suite struct HeavyShareTests {
  /// A light and a heavy thread, the heavy one held by a heavy job until the gate opens.
  private func heldHeavyThread(
    gate: Gate, share: Double = PlaygroundLimits().heavyShare
  ) async throws -> (DrawingPool, Task<Int, any Error>) {
    var limits = PlaygroundLimits()
    limits.workers = 1
    limits.heavyWorkers = 1
    limits.heavyShare = share
    limits.queueWait = .seconds(20)
    let pool = DrawingPool(limits: limits)
    // With the light thread free, it would borrow the holding job: it is held first.
    let lightGate = Gate()
    let light = Task { try await pool.run { _ in lightGate.wait() } }
    while pool.load.running == 0 { try await Task.sleep(for: .milliseconds(2)) }
    let holder = Task {
      try await pool.run(estimate: .seconds(2)) { worker in
        gate.wait()
        return worker.index
      }
    }
    while pool.load.running < 2 { try await Task.sleep(for: .milliseconds(2)) }
    lightGate.open()
    try await light.value
    return (pool, holder)
  }

  @Test("a busy session's job is drawn by a light thread while the heavy thread gets no time")
  func busySessionNotStarved() async throws {
    let gate = Gate()
    let (pool, holder) = try await heldHeavyThread(gate: gate)
    defer { gate.open() }
    // Before the share, this waited for the heavy thread until the queue's wait refused it.
    let started = ContinuousClock.now
    let index = try await pool.run(usage: 30) { worker in worker.index }
    #expect(index == 0)
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(pool.drawn["heavy "]?.jobs == 1)
    gate.open()
    _ = try await holder.value
  }

  @Test("past its share of processor time, a heavy job waits for the heavy thread again")
  func shareIsBounded() async throws {
    let gate = Gate()
    // 0.02 of a thread: the budget holds 0.04 s, and half a second drawn takes it below
    // zero for over 20 s.
    let (pool, holder) = try await heldHeavyThread(gate: gate, share: 0.02)
    defer { gate.open() }
    let first = try await pool.run(usage: 30) { worker in
      let start = DrawingPool.threadTime()
      while DrawingPool.threadTime() - start < .milliseconds(500) {}
      return worker.index
    }
    #expect(first == 0)
    let second = Task { try await pool.run(usage: 30) { worker in worker.index } }
    try await Task.sleep(for: .milliseconds(200))
    #expect(pool.load.queued == 1)
    // A light job still has the light thread.
    #expect(try await pool.run { worker in worker.index } == 0)
    gate.open()
    #expect(try await holder.value == 1)
    #expect(try await second.value == 1)
  }
}

@Suite struct DrawingWorkerTests {
  @Test("a drawing thread keeps the default typesetter and that of the language it used last")
  func boundsTypesetters() async throws {
    var limits = PlaygroundLimits()
    limits.workers = 1
    limits.heavyWorkers = 0
    let pool = DrawingPool(limits: limits)
    let kept = try await pool.run { worker throws(PlaygroundError) in
      var seen: [[String]] = []
      for language in ["", "en", "ja", "", "he", "ja"] {
        _ = try worker.typesetter(for: language)
        seen.append(worker.languages)
      }
      return seen
    }
    #expect(kept == [[], ["en"], ["ja"], ["ja"], ["he"], ["ja"]])
    #expect(DrawingWorker.maximumTypesetters == 1)
  }
}

/// Values appended from drawing threads, read by the test.
final class OrderLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Int] = []

  func append(_ value: Int) {
    lock.withLock { stored.append(value) }
  }

  var values: [Int] { lock.withLock { stored } }
}
