import { expect } from 'chai';
import { isDelivered, retryDelayMs, shouldRetry } from '../../src/domain/webhooks.ts';

describe('domain/webhooks', () => {
  it('backs off exponentially, within [half, whole] of each slot, capped', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      const slot = Math.min(60_000, 1000 * 2 ** (attempt - 1));
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const d = retryDelayMs(attempt, 1000, 60_000, r);
        expect(d).to.be.within(slot / 2, slot);
      }
    }
    expect(retryDelayMs(1, 1000, 60_000, 0)).to.equal(500);
    expect(retryDelayMs(3, 1000, 60_000, 0.999)).to.be.closeTo(4000, 3);
    expect(retryDelayMs(40, 1000, 60_000, 1)).to.equal(60_000);
    // Jitter: two draws give two delays.
    expect(retryDelayMs(4, 1000, 60_000, 0.1)).to.not.equal(retryDelayMs(4, 1000, 60_000, 0.9));
  });

  it('retries a bounded number of times and counts only 2xx as delivered', () => {
    expect(shouldRetry(1, 3)).to.equal(true);
    expect(shouldRetry(3, 3)).to.equal(false);
    expect([199, 200, 204, 299, 300, 500, null].map(isDelivered)).to.deep.equal([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
