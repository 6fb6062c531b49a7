import Foundation

/// Threads that draw, with a bounded queue in front of them.
///
/// Drawing is seconds of CPU at worst and never yields, so it runs on threads of its own:
/// neither SwiftNIO's event loops nor Swift's cooperative pool ever wait for it, and
/// `/healthz`, the page's files and the images already drawn are answered while every drawing
/// thread is busy. A request that finds the queue full is refused at once with a 503 and a
/// `Retry-After`, and a job that waited past ``PlaygroundLimits/queueWait`` is refused the
/// same way instead of being drawn for a client that has given up.
///
/// A thread takes the waiting job of the session that has used the least drawing time lately
/// (its `usage`), so a client that draws without pause — inserting rows, making sessions,
/// sending huge texts — waits behind everyone else instead of taking the threads from them;
/// what it cannot get within ``PlaygroundLimits/queueWait`` is refused with a 503.
///
/// Jobs also carry an estimate (how long the session's last request of the kind took). Jobs
/// estimated over ``PlaygroundLimits/heavyJob`` and over four times what jobs take on average,
/// and jobs of sessions that have drawn more than ``PlaygroundLimits/busySessionUsage`` lately,
/// are heavy: the ``PlaygroundLimits/heavyWorkers`` threads take them, at a lower priority,
/// and at most ``PlaygroundLimits/queuedHeavyJobs`` wait. So the other
/// ``PlaygroundLimits/workers`` threads are there for the quick answers of sessions used as
/// people use them, and heavy drawing mostly takes the processor time they leave.
///
/// Mostly, not only: a machine busy with other work gives a thread at the lowest priority
/// next to nothing, and a session served by it alone would starve (a tap whose frames take
/// minutes). So heavy jobs are slowed, never stopped: one light thread at a time may draw a
/// heavy job when no light job waits, within ``PlaygroundLimits/heavyShare`` of one thread's
/// time (a budget of processor time that refills with the clock), and a heavy thread that the
/// machine gives less than that share leaves the jobs to it for a while (taking only those
/// that waited a second). The quick answers keep every light thread but one, and the heavy sessions get that
/// share whatever else the machine runs.
package final class DrawingPool: Sendable {
  private let limits: PlaygroundLimits
  private let queue: JobQueue

  /// Starts the threads.
  ///
  /// - Parameter limits: The threads, the queue's bounds and the heavy-job threshold.
  package init(limits: PlaygroundLimits) {
    precondition(limits.workers >= 1, "A drawing pool needs a thread, got \(limits.workers)")
    self.limits = limits
    queue = JobQueue(limits: limits)
    for index in 0..<(limits.workers + limits.heavyWorkers) {
      let queue = self.queue
      let isHeavy = index >= limits.workers
      let thread = Thread {
        // The threads for heavy jobs run at a lower priority than the event loops and the
        // other threads, so what they draw takes less of the time the others need, but not
        // so low that other work on the machine stops them. (On Linux a nice value belongs
        // to a thread, and `who` 0 is the caller.)
        #if os(Linux)
          if isHeavy {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, limits.heavyNice)
          }
          DrawingPool.nameThread(isHeavy ? "draw-heavy-\(index)" : "draw-\(index)")
        #endif
        var worker = DrawingWorker(index: index)
        while let job = queue.next(worker: index) {
          let (start, began) = (DrawingPool.threadTime(), ContinuousClock.now)
          job.work(&worker)
          queue.finish(
            job, worker: index, after: DrawingPool.threadTime() - start,
            wall: ContinuousClock.now - began)
        }
      }
      thread.name = "playground-draw-\(index)"
      thread.start()
    }
    // Refuses jobs that waited too long even while every drawing thread is busy.
    let queue = self.queue
    let reaper = Thread {
      DrawingPool.nameThread("draw-reaper")
      while queue.isRunning {
        for job in queue.expired() {
          job.refuse(.busy("the drawing waited longer than the server lets a request wait"))
        }
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    reaper.name = "playground-draw-reaper"
    reaper.start()
  }

  deinit {
    queue.stop()
  }

  /// Names the calling thread as `top -H` and /proc show it (Foundation's `Thread.name` is
  /// not that name on Linux): at most 15 bytes.
  static func nameThread(_ name: String) {
    #if os(Linux)
      try? Data(name.utf8.prefix(15)).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
    #endif
  }

  /// The processor time the calling thread has used.
  ///
  /// Jobs are measured in processor time, not wall time: a machine busy with other work, or
  /// a thread at a lower priority, makes a job take longer without making it cost more, and a
  /// cost measured by the clock would make a slowed session look heavy and slow it further.
  package static func threadTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// The jobs drawn so far and the processor time they took, by `light` or `heavy` and the
  /// kind of request (`heavy tap list`, `light all`…).
  package var drawn: [String: (jobs: Int, processor: Duration)] { queue.drawn }

  /// How many jobs wait and how many are being drawn.
  package var load: (queued: Int, running: Int) { queue.load }

  /// Draws on a drawing thread.
  ///
  /// - Parameters:
  ///   - kind: What the job draws, for the counts.
  ///   - estimate: How long the job is expected to take.
  ///   - usage: The drawing time the job's session has used lately; less goes first.
  ///   - body: The drawing, given the thread's worker.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw, or ``PlaygroundError`` 503 when the queue is full or the job
  ///   waited too long.
  package func run<Output: Sendable>(
    kind: String = "", estimate: Duration = .zero, usage: Double = 0,
    _ body: @escaping @Sendable (inout DrawingWorker) throws(PlaygroundError) -> Output
  ) async throws(PlaygroundError) -> Output {
    try await run(
      kind: kind, estimate: estimate, usage: usage,
      followedBy: { worker throws(PlaygroundError) -> (Output, FollowUp?) in
        (try body(&worker), nil)
      })
  }

  /// Drawing that goes on after the job's result is handed back, on the same thread with the
  /// same worker (the glyph caches of what the job laid out are the thread's own).
  package typealias FollowUp = @Sendable (inout DrawingWorker) -> Void

  /// Draws on a drawing thread, hands back the result, then runs the follow-up the body
  /// returned on the same thread before the thread takes another job: a tap is answered
  /// first, and the frames of its animation are drawn after.
  ///
  /// - Parameters:
  ///   - kind: What the job draws, for the counts.
  ///   - estimate: How long the job is expected to take.
  ///   - usage: The drawing time the job's session has used lately; less goes first.
  ///   - body: The drawing, given the thread's worker; returns its result and what to draw
  ///     after it.
  /// - Returns: What `body` returned, as soon as it returned.
  /// - Throws: What `body` threw, or ``PlaygroundError`` 503 when the queue is full or the job
  ///   waited too long.
  package func run<Output: Sendable>(
    kind: String = "", estimate: Duration = .zero, usage: Double = 0,
    followedBy body:
      @escaping @Sendable (inout DrawingWorker) throws(PlaygroundError) -> (Output, FollowUp?)
  ) async throws(PlaygroundError) -> Output {
    let result: Result<Output, PlaygroundError> = await withCheckedContinuation { continuation in
      let job = Job(
        kind: kind, estimate: estimate, usage: usage, enqueued: .now,
        work: { worker in
          let followUp: FollowUp?
          do throws(PlaygroundError) {
            let (output, next) = try body(&worker)
            followUp = next
            continuation.resume(returning: .success(output))
          } catch {
            followUp = nil
            continuation.resume(returning: .failure(error))
          }
          followUp?(&worker)
        },
        refuse: { continuation.resume(returning: .failure($0)) })
      if let refusal = queue.add(job) {
        continuation.resume(returning: .failure(refusal))
      }
    }
    return try result.get()
  }
}

extension DrawingPool {
  /// A drawing job: exactly one of `work` and `refuse` is called, once.
  struct Job: Sendable {
    var kind: String
    var estimate: Duration
    var usage: Double
    /// Whether the job's estimate is well over what jobs take (set when it is queued).
    var isHeavy = false
    /// Whether a light thread took the heavy job, within the pool's budget for that.
    var isBorrowed = false
    var enqueued: ContinuousClock.Instant
    var work: @Sendable (inout DrawingWorker) -> Void
    var refuse: @Sendable (PlaygroundError) -> Void
  }

  /// The waiting jobs, behind one lock; threads wait on its condition.
  final class JobQueue: @unchecked Sendable {
    // Every stored property is read and written with `condition` locked.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var running = 0
    private var isStopped = false
    private var counts: [String: (jobs: Int, processor: Duration)] = [:]
    /// A running average of the processor time jobs take.
    private var typical: Duration = .milliseconds(20)
    /// How many light threads are drawing, and how many of them a heavy job.
    private var runningLight = 0
    private var borrowed = 0
    /// The processor time, in seconds, light threads may still spend on heavy jobs: it
    /// refills at ``PlaygroundLimits/heavyShare`` a second up to ``borrowCapacity``, and a
    /// heavy job drawn by a light thread takes its processor time out (it may go below zero).
    private var borrowBudget: Double
    private var borrowRefilled: ContinuousClock.Instant = .now
    /// The processor time of the heavy threads' last job over its time by the clock: how much
    /// of a processor the machine gives them now.
    private var heavySpeed = 1.0
    /// Until when a heavy thread found starved leaves the jobs to the share.
    private var starvedUntil: ContinuousClock.Instant = .now
    /// How long a heavy job waits for the share before a starved heavy thread takes it.
    private static let starvedWait: Duration = .seconds(1)
    private let limits: PlaygroundLimits

    init(limits: PlaygroundLimits) {
      self.limits = limits
      borrowBudget = Self.borrowCapacity(limits)
    }

    /// The most the borrowing budget holds: two seconds of refill.
    private static func borrowCapacity(_ limits: PlaygroundLimits) -> Double {
      limits.heavyShare * 2
    }

    /// Refills the borrowing budget for the time since it was last refilled.
    private func refillBudget(at now: ContinuousClock.Instant) {
      let (seconds, attoseconds) = (now - borrowRefilled).components
      let elapsed = Double(seconds) + Double(attoseconds) * 1e-18
      borrowBudget = min(
        Self.borrowCapacity(limits), borrowBudget + max(0, elapsed) * limits.heavyShare)
      borrowRefilled = now
    }

    /// Whether a light thread may take a heavy job now: none is drawing one, the budget is
    /// not spent, and (for the heavy threads' sake) a light thread is free to take it.
    private func mayBorrow(at now: ContinuousClock.Instant) -> Bool {
      guard limits.heavyShare > 0, borrowed == 0, runningLight < limits.workers else {
        return false
      }
      refillBudget(at: now)
      return borrowBudget > 0
    }

    var load: (queued: Int, running: Int) {
      condition.withLock { (jobs.count, running) }
    }

    /// Queues a job, or says why not.
    func add(_ job: Job) -> PlaygroundError? {
      var job = job
      return condition.withLock { () -> PlaygroundError? in
        guard !isStopped else { return .busy("the server is stopping") }
        // Heavy against what jobs cost now, not only against a fixed threshold.
        job.isHeavy =
          job.estimate > max(limits.heavyJob, typical * 4) || job.usage > limits.busySessionUsage
        guard jobs.count < limits.queuedJobs else {
          return .busy("\(jobs.count) drawings are waiting, the most the server queues")
        }
        if job.isHeavy, jobs.count(where: \.isHeavy) >= limits.queuedHeavyJobs {
          return .busy(
            "\(limits.queuedHeavyJobs) slow drawings are waiting, the most the server queues;"
              + " a shorter text or a narrower width draws faster")
        }
        jobs.append(job)
        condition.broadcast()
        return nil
      }
    }

    /// Takes the jobs that waited past ``PlaygroundLimits/queueWait`` out of the queue, for
    /// the caller to refuse outside the lock.
    func expired() -> [Job] {
      condition.withLock {
        let now = ContinuousClock.now
        let expired = jobs.filter { now - $0.enqueued > limits.queueWait }
        if !expired.isEmpty {
          jobs.removeAll { now - $0.enqueued > limits.queueWait }
        }
        return expired
      }
    }

    /// The next job for a thread, waiting for one; `nil` once stopped.
    func next(worker index: Int) -> Job? {
      condition.withLock {
        let isHeavyThread = index >= limits.workers
        let takesEverything = limits.heavyWorkers == 0
        while !isStopped {
          func first(_ included: (Job) -> Bool) -> Int? {
            jobs.indices.filter { included(jobs[$0]) }.min {
              (jobs[$0].usage, jobs[$0].enqueued) < (jobs[$1].usage, jobs[$1].enqueued)
            }
          }
          let now = ContinuousClock.now
          // Light threads take light jobs, heavy threads heavy ones, except that one light
          // thread may borrow a heavy job within the budget (and then a heavy thread leaves
          // it to the light one, which runs at the higher priority); with no heavy thread,
          // the light ones take everything.
          var chosen: Int?
          var borrows = false
          if takesEverything {
            chosen = first { _ in true }
          } else if isHeavyThread {
            // A heavy thread the machine starves (its last job got less of the processor
            // than the light threads' share gives) leaves the jobs to that share, taking only
            // those that waited past starvedWait.
            let isStarved = heavySpeed < limits.heavyShare && now < starvedUntil
            chosen =
              mayBorrow(at: now)
              ? nil
              : first { $0.isHeavy && (!isStarved || now - $0.enqueued >= Self.starvedWait) }
          } else {
            chosen = first { !$0.isHeavy }
            if chosen == nil, mayBorrow(at: now) {
              chosen = first(\.isHeavy)
              borrows = chosen != nil
            }
          }
          if let chosen {
            running += 1
            var job = jobs.remove(at: chosen)
            if !isHeavyThread || takesEverything { runningLight += 1 }
            if borrows {
              job.isBorrowed = true
              borrowed += 1
            }
            return job
          }
          if !takesEverything, jobs.contains(where: \.isHeavy), limits.heavyShare > 0 {
            // A heavy job waits: whether a light thread may borrow it changes with time as
            // the budget refills and with the other threads, so look again soon.
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.02))
          } else {
            condition.wait()
          }
        }
        return nil
      }
    }

    /// Counts a job as done, and its processor time in the running average.
    func finish(_ job: Job, worker index: Int, after elapsed: Duration, wall: Duration) {
      condition.withLock {
        running -= 1
        if index < limits.workers || limits.heavyWorkers == 0 {
          runningLight -= 1
        } else if wall > .zero {
          // Smoothed over the last jobs. A starved thread tries again after four times its
          // last job's time by the clock (a second at least): the machine may be quieter, and
          // a job it takes while still starved crawls, so not often.
          heavySpeed = (heavySpeed + elapsed / wall) / 2
          starvedUntil = .now + max(.seconds(1), wall * 4)
        }
        if job.isBorrowed {
          borrowed -= 1
          refillBudget(at: .now)
          let (seconds, attoseconds) = elapsed.components
          borrowBudget -= Double(seconds) + Double(attoseconds) * 1e-18
        }
        // A light thread is free again: a heavy thread may take what it left for it.
        condition.broadcast()
        typical = typical * 0.95 + elapsed * 0.05
        let key = "\(job.isHeavy ? "heavy" : "light") \(job.kind)"
        counts[key, default: (0, .zero)].jobs += 1
        counts[key, default: (0, .zero)].processor += elapsed
      }
    }

    /// The jobs drawn so far, by class and kind, and their processor time.
    var drawn: [String: (jobs: Int, processor: Duration)] { condition.withLock { counts } }

    var isRunning: Bool { condition.withLock { !isStopped } }

    /// Stops the threads after their current jobs, refusing the jobs still waiting.
    func stop() {
      let waiting = condition.withLock {
        isStopped = true
        condition.broadcast()
        defer { jobs = [] }
        return jobs
      }
      for job in waiting {
        job.refuse(.busy("the server is stopping"))
      }
    }
  }
}
