/// Everything the server bounds, in one place: what a request may ask, what an answer may
/// cost, how much waits, and how long a connection may take over each part of a request.
///
/// The defaults are the limits `docs/Playground.md` states and `make load-check` holds the
/// server to; the tests make smaller ones to reach each limit quickly.
public struct PlaygroundLimits: Sendable {
  // MARK: - Requests

  /// The largest request body read, in bytes (a longer one is a 413, refused from its
  /// `Content-Length` before it is read when it declares one).
  package var bodyBytes = 64 * 1024
  /// The longest text a session may hold, in UTF-8 bytes.
  package var textBytes = 32 * 1024
  /// The most Markdown markup a text may have: runs of `*`, `_`, `~`, `|`, `` ` ``, `[`, `<`
  /// and each `@`, `www.` and `://`. Every styled span needs one, so this bounds the spans
  /// before anything is parsed, and with them the work that grows with the spans' number.
  package var markupRuns = 1_000
  /// The most hidden phrases (`||spoilers||`) a text may have.
  package var spoilers = 256
  /// The most rows the list may have: "Insert a row" is refused past it.
  package var listRows = 20

  // MARK: - Drawing

  /// The most pixels of one image (a still, or one frame of an animation).
  package var imagePixels = 4 << 20
  /// The most pixels one answer draws, all its images and animation frames together. An
  /// animation that would go past it is left out (the still alone is sent).
  package var answerPixels = 24 << 20
  /// The most bytes of one encoded image; a still over it is not kept.
  package var imageBytes = 8 << 20
  /// How many tap animations' frame streams may wait for their pages at once (each for at
  /// most ``writeTimeout``); past it the oldest is dropped. A session has one animation being
  /// drawn at a time: a new tap cancels the one before.
  package var pendingAnimations = 8
  /// The most bytes of frames a stream holds that its page has not read; past them the frames
  /// stop and the page shows the still. A list's first frame at 1x is 0.8 MB, a spoiler's at 2x
  /// 0.74 MB, the frames after it tens to hundreds of KB.
  package var unreadFrameBytes = 4 << 20
  /// How long a tap's answer waits for its first frame when the frames follow it in the same
  /// response: sent together, the page draws the frame with the answer.
  package var firstFrameWait: Duration = .milliseconds(4)
  /// How many threads draw light jobs. Drawing never runs on an event loop or in Swift's
  /// cooperative pool, so requests that do not draw never wait for it.
  package var workers = 4
  /// How many threads draw heavy jobs (see ``heavyJob`` and ``busySessionUsage``), at a
  /// lower priority (``heavyNice``). With none, the light threads take every job.
  package var heavyWorkers = 1
  /// The nice value of the threads for heavy jobs: at 19 they get a 70th of what a thread at
  /// 0 gets when both want the processor, so heavy drawing takes little from the light
  /// threads (at 10, the load check's language flood took the well-behaved taps' p99 to 628
  /// and 823 ms). A busy machine starves them, which ``heavyShare`` makes up for.
  package var heavyNice: Int32 = 19
  /// The most drawing jobs waiting for a thread; a request past it is a 503 at once.
  package var queuedJobs = 32
  /// The most waiting jobs of sessions whose answers have been slow (see ``heavyJob``).
  package var queuedHeavyJobs = 8
  /// A session whose last answer of a kind took more processor time than this, and than four
  /// times what answers take on average, is served by the heavy threads, so a slow session
  /// never holds up the others' quick taps.
  package var heavyJob: Duration = .milliseconds(100)
  /// A session that has drawn for more than this many seconds of processor time lately
  /// (decaying by half every 10 s; a person tapping now and then uses about 0.2) is served like
  /// a heavy
  /// job: by the heavy threads, with at most ``queuedHeavyJobs`` waiting.
  package var busySessionUsage = 0.5
  /// The least share of one thread's time that heavy jobs get, whatever else the machine
  /// runs: one light thread at a time may draw a heavy job when no light job waits, while
  /// the heavy jobs it drew took less processor time than this share of the time passed
  /// (with two seconds' worth in hand). The heavy threads' low priority alone would let a
  /// busy machine starve a heavy session; with this it is slowed, never stopped, and the
  /// quick answers keep every light thread but one. 0 leaves heavy jobs to the heavy threads.
  package var heavyShare = 0.25
  /// The longest a job waits for a thread before it is answered 503.
  package var queueWait: Duration = .seconds(5)
  /// The most requests of one session waiting behind its current one; a session's requests
  /// run one at a time, in order.
  package var sessionWaiters = 4

  // MARK: - Sessions

  /// The most sessions kept.
  package var sessions = 256
  /// How long a session may go unused before it is dropped.
  package var sessionIdle: Duration = .seconds(30 * 60)
  /// A session used more recently than this is never evicted to make room for a new one:
  /// when all are, creating one is a 503.
  package var sessionProtection: Duration = .seconds(60)
  /// The sessions created per second, over all clients, after a burst of
  /// ``sessionBurst``: making a session draws every component, and a client making them in a
  /// loop must not take the drawing threads from the sessions in use.
  package var sessionsPerSecond = 5
  /// The sessions that may be created at once before ``sessionsPerSecond`` applies.
  package var sessionBurst = 60
  /// The most bytes of images kept for the pages to load, over all sessions; the oldest go
  /// first.
  package var storedImageBytes = 48 << 20

  // MARK: - Connections

  /// The most open connections. Past it, a new connection makes room by closing the
  /// connection that has waited longest without being answered (idle, sending its request or
  /// not reading its answer); when every connection is being answered, the new one is closed.
  /// ``forThisProcess()`` keeps it under the open-file limit.
  package var connections = 1024
  /// How long a connection may stay open between requests.
  package var idleTimeout: Duration = .seconds(15)
  /// How long a request's head may take from its first byte.
  package var headerTimeout: Duration = .seconds(5)
  /// How long a request's body may take from the end of its head.
  package var bodyTimeout: Duration = .seconds(10)
  /// How long the client may take to read an answer, from its first byte.
  package var writeTimeout: Duration = .seconds(10)
  /// How long an answer may take to be made, a safety net over the queue's own bound.
  package var answerTimeout: Duration = .seconds(60)

  /// The limits `docs/Playground.md` states.
  public init() {}
}
