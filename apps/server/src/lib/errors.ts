import type { TFieldError } from '@store/domain/envelope';

/** An error that leaves the server as the envelope of the specification. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: TFieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 422 with field errors, shown beside the field named by target_element. */
export const fieldError = (target_element: string, error_message: string, message = error_message) =>
  new HttpError(422, message, [{ target_element, error_message }]);
export const fieldErrors = (errors: TFieldError[], message = errors[0]?.error_message ?? 'Invalid input') =>
  new HttpError(422, message, errors);
/** Anything not found or not the caller's answers the same. */
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
