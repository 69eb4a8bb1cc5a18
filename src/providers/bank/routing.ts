/** ABA routing numbers: nine digits whose weighted sum (3, 7, 1, …) is a multiple of ten. */
export function routingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const w = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((s, d, i) => s + Number(d) * w[i], 0);
  return sum % 10 === 0 && routing !== '000000000';
}

/** Bank names for the sandbox's well-known routing numbers; any other valid number is a generic bank. */
export const SANDBOX_BANKS: Record<string, string> = {
  '011000015': 'Federal Reserve Bank',
  '021000021': 'JPMorgan Chase',
  '026009593': 'Bank of America',
  '121000248': 'Wells Fargo',
  '110000000': 'Sandbox Bank',
};
