// One log line per request, at info, once its response has gone out: method, URL, status and
// milliseconds. Fastify's own request logging writes two lines per request (the first with the
// serialised request, the second with the serialised reply) and one more for a 404: twice the log
// volume for the same facts. Fastify's logController is the place to change its request lines.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Logged when it completes.
  }

  override routeNotFound(): void {
    // The completed line says 404.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
