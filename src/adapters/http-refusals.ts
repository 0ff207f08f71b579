import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ServiceError } from '../errors.js';
import { failure } from '../protocol/envelope.js';

/**
 * Writes a whole reply straight onto a socket and closes it: for requests refused before a request object exists
 * (the parser refused them, they timed out, an upgrade was refused). The body is the service's error envelope.
 * @example refuseOnSocket(socket, 403, new ServiceError('PERMISSION_DENIED', 'No.'));
 */
export function refuseOnSocket(socket: Duplex, error: ServiceError): void {
  const reply = failure(error);
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}`];
  for (const [name, value] of Object.entries(reply.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(reply.body)}`, 'connection: close');
  socket.end(`${head.join('\r\n')}\r\n\r\n${reply.body}`);
}

/** The refusal that fits what Node's HTTP parser or its timers reported. */
function refusalOf(code: string | undefined, timeouts: { headersMs: number; requestMs: number }): ServiceError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ServiceError(
        'DEADLINE_EXCEEDED',
        `The request was not received in time: headers must arrive within ${timeouts.headersMs} ms and the whole request within ${timeouts.requestMs} ms.`,
        undefined,
        408,
      );
    case 'HPE_HEADER_OVERFLOW':
      return new ServiceError('INVALID_ARGUMENT', 'The request headers are larger than the server accepts (16 KiB in all).', undefined, 431);
    default:
      // The service's gate answers a malformed request with its generic refusal.
      return new ServiceError('INVALID_ARGUMENT', 'Bad Request');
  }
}

/**
 * The server's `clientError` handler: a request Node's parser refused (malformed, headers too large) or that timed
 * out is answered with the error envelope, unless a reply has already started or the peer is gone.
 * @example server.on('clientError', clientErrorHandler({ headersMs: 10000, requestMs: 30000 }));
 */
export function clientErrorHandler(timeouts: { headersMs: number; requestMs: number }): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    const started = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    refuseOnSocket(socket, refusalOf(error.code, timeouts));
  };
}
