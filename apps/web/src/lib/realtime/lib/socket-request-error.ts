// Socket errors of spec §8: acknowledgements carrying `{ error }`, and requests that found no usable
// socket. The messages are the spec's English texts for the logs.
import type { SocketErrorCode } from '@liftwacht/contracts/realtime';

export const socketNotAvailableMessage = 'Socket not available';
export const socketNotConnectedMessage = 'Socket not connected';

export type SocketRequestErrorCode = SocketErrorCode | 'not_available' | 'not_connected' | 'timeout' | 'invalid_ack';

export class SocketRequestError extends Error {
  override readonly name = 'SocketRequestError';
  readonly code: SocketRequestErrorCode;

  constructor(code: SocketRequestErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export const isSocketRequestError = (error: unknown): error is SocketRequestError =>
  error instanceof SocketRequestError;
