// The one error type services throw; the error plugin turns it into DESIGN §5's envelope.
import type { ErrorCode } from '@liftwacht/contracts/common';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    /** More top-level members of the error body, beside `error` (a 409's `current` object). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'Your role does not allow this');
export const unauthorized = (code: ErrorCode = 'unauthorized', message = 'Authentication required') =>
  new AppError(401, code, message);
export const badRequest = (code: ErrorCode, message: string, field?: string) => new AppError(400, code, message, field);
/** 409: somebody changed the object meanwhile, or the change contradicts its state; `current` shows it now. */
export const conflict = (message: string, field?: string, current?: unknown) =>
  new AppError(409, 'conflict', message, field, undefined, current === undefined ? undefined : { current });
