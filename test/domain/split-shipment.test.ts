/** Split shipment's pure rule: offered only with back-ordered units; together ships on the latest day. */
import { expect } from 'chai';
import { shipmentPlan, shipmentPlanNote } from '../../src/domain/split-shipment.ts';

const line = (
  backorderedQuantity: number,
  backorderShipOn: string | null,
  backorderShippedAt: string | null = null,
) => ({
  backorderedQuantity,
  backorderShipOn,
  backorderShippedAt,
});

describe('split shipment (domain)', () => {
  it('nothing back-ordered, or all of it shipped: no plan', () => {
    expect(shipmentPlan(true, [line(0, null)])).to.equal(null);
    expect(shipmentPlan(false, [line(2, '2027-03-12', '2027-03-10T09:00:00Z')])).to.equal(null);
    expect(shipmentPlan(false, [])).to.equal(null);
  });

  it('together ships on the latest back-order day of the lines still waiting', () => {
    const lines = [line(0, null), line(2, '2027-03-12'), line(1, '2027-04-02'), line(3, '2027-05-01', '2027-04-30')];
    expect(shipmentPlan(false, lines)).to.deep.equal({ split: false, shipsOn: '2027-04-02' });
  });

  it('together with a line whose day nobody knows: no day', () => {
    expect(shipmentPlan(false, [line(2, '2027-03-12'), line(1, null)])).to.deep.equal({ split: false, shipsOn: null });
  });

  it('split carries no day of its own', () => {
    expect(shipmentPlan(true, [line(2, '2027-03-12')])).to.deep.equal({ split: true, shipsOn: null });
  });

  it('the note names the day in the reader’s language', () => {
    const t = (k: string, p?: Record<string, string>) => `${k}${p ? ` ${p.date}` : ''}`;
    expect(shipmentPlanNote({ split: false, shipsOn: '2027-04-02' }, 'en-us', t)).to.equal(
      'split.placed.together April 2, 2027',
    );
    expect(shipmentPlanNote({ split: false, shipsOn: '2027-04-02' }, 'fr-ca', t)).to.equal(
      'split.placed.together 2 avril 2027',
    );
    expect(shipmentPlanNote({ split: false, shipsOn: null }, 'en-us', t)).to.equal('split.placed.togetherNoDate');
    expect(shipmentPlanNote({ split: true, shipsOn: null }, 'en-us', t)).to.equal('split.placed.split');
  });
});
