import HTTPTypes
import Hummingbird
import NIOCore

/// Turns every error into an answer the page reads: `{"error": "…"}` with the refusal's
/// status (and `Retry-After` for a 503). Errors that are not refusals are the server's own
/// failures, logged and answered 500 without details.
struct ErrorAnswerMiddleware<Context: RequestContext>: RouterMiddleware {
  let limits: PlaygroundLimits

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as PlaygroundError {
      return HTTPAnswer.refusal(error)
    } catch is NIOTooManyBytesError {
      return HTTPAnswer.refusal(.tooLarge(limit: limits.bodyBytes))
    } catch let error as HTTPError where error.status == .notFound {
      return HTTPAnswer.refusal(
        PlaygroundError(
          status: 404,
          "no such page: \(request.method.rawValue) \(PlaygroundError.quote(request.uri.path))"))
    } catch let error as HTTPError where (400...499).contains(error.status.code) {
      return HTTPAnswer.refusal(
        PlaygroundError(status: error.status.code, error.body ?? error.status.reasonPhrase))
    } catch {
      context.logger.error("failed to answer \(request.method) \(request.uri.path): \(error)")
      var response = HTTPAnswer.refusal(
        PlaygroundError(status: 400, "the server failed to answer; its log says why"))
      response.status = .internalServerError
      return response
    }
  }
}
