import HTTPTypes
import Hummingbird

/// Checks what every request must be before it reaches a route, and sets the headers every
/// answer carries.
///
/// - The `Host` header must name this server (``HostPolicy``).
/// - A `POST` changes state, so it must come from the playground's own page: an `Origin`
///   header, when sent, must be this server's origin and `Sec-Fetch-Site`, when sent, must be
///   `same-origin` (browsers send both; `curl` and scripts send neither and are not a page
///   another site could have opened). Its body must be JSON, which a cross-site form cannot
///   send and a cross-site `fetch` cannot send without a preflight this server never answers.
/// - Answers say not to sniff types, not to be framed, and to send no referrer (the session
///   id is in the paths).
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let hosts: HostPolicy

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let refusal = hosts.refusal(for: request.head.authority) {
      throw refusal
    }
    if request.method == .post {
      try checkOrigin(request)
    }
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.init("Referrer-Policy")!] = "no-referrer"
    response.headers[.contentSecurityPolicy] =
      "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none';"
      + " form-action 'none'"
    return response
  }

  private func checkOrigin(_ request: Request) throws(PlaygroundError) {
    let authority = request.head.authority ?? ""
    if let origin = request.headers[.origin],
      origin.lowercased() != "http://\(authority.lowercased())"
    {
      throw PlaygroundError(
        status: 403,
        "a \(request.uri.path.prefix(40)) request must come from this server's page;"
          + " its Origin is \(PlaygroundError.quote(origin))")
    }
    if let site = request.headers[.init("Sec-Fetch-Site")!], site != "same-origin" {
      throw PlaygroundError(
        status: 403,
        "a \(request.uri.path.prefix(40)) request must come from this server's page;"
          + " Sec-Fetch-Site is \(PlaygroundError.quote(site))")
    }
    let type = request.headers[.contentType]?.lowercased() ?? ""
    guard type.hasPrefix("application/json") else {
      throw PlaygroundError(
        status: 415, "send the request's body as JSON, with Content-Type: application/json")
    }
  }
}
