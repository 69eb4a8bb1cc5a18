/** Card number rules every provider applies before talking to anyone: Luhn, brand, expiry, CVC. */
import { PaymentError, type CardInput } from './types.ts';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Normalises and checks a card; throws PaymentError('invalid_card' | 'expired_card' | 'incorrect_cvc'). */
export function checkCard(card: CardInput, now: Date): { digits: string; brand: string } {
  const digits = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!luhnValid(digits)) throw new PaymentError('invalid_card', 'Your card number is not valid.');
  const month = Number(card.exp_month);
  let year = Number(card.exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year))
    throw new PaymentError('expired_card', 'Your card has expired.');
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) throw new PaymentError('expired_card', 'Your card has expired.');
  const brand = brandOf(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(card.cvc ?? '')))
    throw new PaymentError('incorrect_cvc', "Your card's security code is incorrect.");
  return { digits, brand };
}
