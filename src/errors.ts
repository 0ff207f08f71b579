/** Every error status the service emits, with its HTTP status (service-facts D1 and 2.3). */
export const HTTP_STATUS = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  ABORTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const;

/** An error status string of the callable-function protocol. */
export type ErrorStatus = Exclude<keyof typeof HTTP_STATUS, 'PAYLOAD_TOO_LARGE'>;

/**
 * A failure any layer may throw; `envelope.failure` renders it, nothing else does.
 * @example throw new ServiceError('NOT_FOUND', 'Workspace not found.');
 */
export class ServiceError extends Error {
  readonly status: ErrorStatus;
  readonly details: unknown;
  readonly httpStatus: number;

  constructor(status: ErrorStatus, message: string, details?: unknown, httpStatus: number = HTTP_STATUS[status]) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.details = details;
    this.httpStatus = httpStatus;
  }
}

/** Shorthand for the most common failure. @example throw invalid('userIds or deleteAll is required.') */
export function invalid(message: string, details?: unknown): ServiceError {
  return new ServiceError('INVALID_ARGUMENT', message, details);
}

/**
 * A refusal that reports items already written (per-item outcomes in `details`), as the service does when part
 * of a batch is refused: unlike every other error, the operation's writes stay.
 * @example throw new PartialFailure('PERMISSION_DENIED', 'One or more ... were not added ...', outcomes);
 */
export class PartialFailure extends ServiceError {}
