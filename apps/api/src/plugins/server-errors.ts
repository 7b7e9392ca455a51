import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';
import { errorCodes, type ApiError } from '@envios/contracts/errors';

/**
 * The answers Fastify and Node write on their own, before any route runs (headers too large, a
 * malformed URL, a request while the server shuts down), in the one public error shape and in
 * Spanish like every other answer.
 */

function rawAnswer(status: number, reason: string, body: ApiError): string {
  const json = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`;
}

/** Errors of Node's HTTP parser: the socket gets a complete answer, then closes. */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawAnswer(408, 'Request Timeout', { message: 'La solicitud tardó demasiado en llegar completa.', code: 'request.timeout' });
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawAnswer(431, 'Request Header Fields Too Large', {
      message: 'Los encabezados de la solicitud son demasiado grandes (por ejemplo, demasiadas cookies). Borra las cookies de este sitio e intenta de nuevo.',
      code: 'request.headers_too_large',
    });
  } else {
    answer = rawAnswer(400, 'Bad Request', { message: 'La solicitud no es válida.', code: errorCodes.validation });
  }
  this.log.trace({ err: error }, 'error del cliente HTTP');
  if (socket.writable) socket.write(answer);
  socket.destroy(error);
}

/** Routing errors (a URL that cannot be decoded, a parameter too long). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'Un dato de la dirección (URL) es demasiado largo.'
      : 'La dirección (URL) de la solicitud no es válida: revisa los caracteres codificados con %.';
  void reply.status(400).send({ message, code: errorCodes.validation } satisfies ApiError);
}

export const serverErrorOptions: Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors' | 'return503OnClosing'> = {
  clientErrorHandler,
  frameworkErrors,
  // Answered by `registerClosingGuard` instead, in Spanish.
  return503OnClosing: false,
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set when a stop begins, a moment before the server stops listening: requests are still
     * served, but each answer closes its connection, so kept-alive clients (a load generator, a
     * proxy, the cluster's other worker) reconnect elsewhere instead of finding a socket reset.
     */
    draining: { active: boolean };
  }
}

/** While the server shuts down, new requests get a Spanish 503 and the connection closes. */
export function registerClosingGuard(app: FastifyInstance): void {
  let closing = false;
  app.decorate('draining', { active: false });
  app.addHook('preClose', (done) => {
    closing = true;
    app.draining.active = true;
    done();
  });
  // A request already under way when the stop began is answered in full, then its connection
  // closes: a kept-alive connection would otherwise hold the stop until its idle timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing || app.draining.active) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ message: 'El servidor se está reiniciando. Intenta de nuevo en unos segundos.', code: errorCodes.unavailable } satisfies ApiError);
  });
}
