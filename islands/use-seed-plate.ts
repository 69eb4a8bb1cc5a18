/** The seed plate calculator's state: the inputs, the plates that fit them, and the add to cart of one plate. */
import { useId, useMemo, useState } from 'react';
import {
  recommendPlates,
  validateInput,
  type Crop,
  type Plate,
  type SeedPlateInput,
  type SeedSize,
} from '../src/domain/seed-plate.ts';
import { request } from './lib/request.ts';
import { shownMessages } from './lib/errors.ts';
import { setCartCount } from './behaviours/cart-count.ts';

export type Props = {
  plates: (Plate & { price: string; buyable: boolean; href: string })[];
  addUrl: string;
  labels: Record<string, string>;
};

export type Mode = 'spacing' | 'population';

export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

type Typed = { rowSpacing: string; speed: string; spacing: string; population: string };

/** The domain's input from what is chosen and typed: seed spacing or target population, by mode. */
function inputOf(mode: Mode, crop: Crop, seedSize: SeedSize, t: Typed): SeedPlateInput {
  return mode === 'spacing'
    ? {
        mode,
        crop,
        seedSize,
        rowSpacingIn: Number(t.rowSpacing),
        speedMph: Number(t.speed),
        seedSpacingIn: Number(t.spacing),
      }
    : {
        mode,
        crop,
        seedSize,
        rowSpacingIn: Number(t.rowSpacing),
        speedMph: Number(t.speed),
        population: Number(t.population),
      };
}

/** The add to cart of one plate, with the line that tells how it went. */
function useAddPlate(addUrl: string, labels: Record<string, string>, byId: Map<number, Props['plates'][number]>) {
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function add(productId: number) {
    setBusy(productId);
    setStatus(null);
    try {
      const reply = await request<{ cart: { count: number } }>('POST', addUrl, { product_id: productId, quantity: 1 });
      setCartCount(reply.cart.count);
      setStatus({ kind: 'ok', text: fill(labels.added, { title: byId.get(productId)?.title ?? '' }) });
    } catch (err) {
      setStatus({ kind: 'error', text: shownMessages(err)[0] });
    } finally {
      setBusy(null);
    }
  }
  return { status, busy, add };
}

export function useSeedPlate({ plates, addUrl, labels }: Props) {
  const id = useId();
  const [crop, setCrop] = useState<Crop>('corn');
  const [seedSize, setSeedSize] = useState<SeedSize>('medium');
  const [mode, setMode] = useState<Mode>('population');
  const [rowSpacing, setRowSpacing] = useState('30');
  const [speed, setSpeed] = useState('5');
  const [spacing, setSpacing] = useState('6');
  const [population, setPopulation] = useState('34000');

  const input = inputOf(mode, crop, seedSize, { rowSpacing, speed, spacing, population });
  const error = validateInput(input);
  const result = useMemo(() => (error ? null : recommendPlates(input, plates)), [JSON.stringify(input), error, plates]);
  const byId = new Map(plates.map((p) => [p.productId, p]));
  const { status, busy, add } = useAddPlate(addUrl, labels, byId);

  return {
    id,
    crop,
    setCrop,
    seedSize,
    setSeedSize,
    mode,
    setMode,
    rowSpacing,
    setRowSpacing,
    speed,
    setSpeed,
    spacing,
    setSpacing,
    population,
    setPopulation,
    error,
    result,
    byId,
    status,
    busy,
    add,
  };
}
