/**
 * Typed failures of the rate engine. They extend AppError, so the one error handler turns them
 * into the contract's JSON shape without a try/catch in the route: a postal code we cannot rate
 * is the buyer's input (400, the form shows 'try another'); a carrier that fails or times out is
 * ours (502/504, the form logs it and restores the button).
 */
import { AppError } from '../../domain/errors.ts';

export { InvalidPostalCodeError } from '../../domain/shipping.ts';

/** The carrier answered 4xx: it cannot rate this destination or these parcels. */
export class CarrierRejectedError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus: number,
    readonly upstreamBody?: unknown,
  ) {
    super(400, 'carrier_rejected', message, { postal_code: message });
    this.name = 'CarrierRejectedError';
  }
}

/** The carrier answered 5xx (or an unexpected status) or an unreadable body. */
export class CarrierUnavailableError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(502, 'carrier_unavailable', message);
    this.name = 'CarrierUnavailableError';
  }
}

/** The carrier did not answer within the time limit. */
export class CarrierTimeoutError extends AppError {
  constructor(readonly timeoutMs: number) {
    super(504, 'carrier_timeout', `The carrier did not answer within ${timeoutMs} ms.`);
    this.name = 'CarrierTimeoutError';
  }
}

export const isCarrierError = (e: unknown): e is CarrierRejectedError | CarrierUnavailableError | CarrierTimeoutError =>
  e instanceof CarrierRejectedError || e instanceof CarrierUnavailableError || e instanceof CarrierTimeoutError;
