// Errors the API client throws. The messages are the spec's English texts (§8) for the logs; the
// UI shows the translated text from `apiErrorMessageKey`.

export type ApiErrorKind =
  /** The server answered with a non-success status. */
  | 'http'
  /** No answer: offline, DNS, CORS, server down. */
  | 'network'
  /** The request could not be built (bad URL, unserialisable body). */
  | 'setup'
  /** An authenticated call without a stored token. */
  | 'no-token'
  /** The answer does not match the shared contract. */
  | 'invalid-response';

export const noAccessTokenMessage = 'No access token to communicate with external Api';
export const networkFailedMessage = 'Network request failed';
export const requestSetupFailedMessage = 'Request setup failed';

interface ApiErrorDetails {
  status?: number;
  code?: string;
  field?: string;
  serverMessage?: string;
  /** The whole error body, for answers that carry more than the error (a 409's `current`). */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The server's error code (`invalid_credentials`, `reset_token_used`, ...). */
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The server's own explanation, when its answer carried one (meant for people). */
  readonly serverMessage: string | undefined;
  /** The parsed error body; undefined when the answer was not the error envelope. */
  readonly body: unknown;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.serverMessage = details.serverMessage;
    this.body = details.body;
  }
}

/** A request aborted through its AbortSignal. Callers log it and show nothing (spec §8). */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  constructor() {
    super('Request cancelled');
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const isCancelled = (error: unknown): error is RequestCancelledError => error instanceof RequestCancelledError;
