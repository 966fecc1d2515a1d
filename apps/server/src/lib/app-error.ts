// The one error type services throw; the error plugin turns it into DESIGN §5's envelope.
import type { ErrorCode } from '@liftwacht/contracts/common';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
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
