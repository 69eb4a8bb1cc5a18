/** The EPP preview (spec §2): one line (monthly amount with APR, term and down payment) that opens the calculator. */
import EppCalculator, { type Props } from './calculator.tsx';

export type { Props };
export default function EppPreview(props: Props) {
  return <EppCalculator {...props} mode="preview" />;
}
