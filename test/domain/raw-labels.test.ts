/**
 * Raw codes never reach a person: a shipping method is named by its carrier and
 * service, a card payment by its brand and last four digits.
 */
import { expect } from 'chai';
import { cardLabel, orderCardLabel } from '../../src/domain/payments.ts';
import { shipmentMethodLabel } from '../../src/domain/shipping.ts';

const quote = (carrier: string, description: string, shipment_method: string, selected: boolean) => ({
  carrier,
  description,
  shipment_method,
  selected,
});

describe('domain/raw labels', () => {
  it('names the selected quote of a shipment method code', () => {
    const quotes = [
      quote('UPS', 'UPS Next Day Air', 'UPS_NEXT_DAY_AIR', false),
      quote('R+L Carriers', 'LTL Freight', 'R_L_CARRIERS_LTL_FREIGHT', true),
    ];
    expect(shipmentMethodLabel('R_L_CARRIERS_LTL_FREIGHT', quotes)).to.equal('R+L Carriers · LTL Freight');
    expect(shipmentMethodLabel('UPS_NEXT_DAY_AIR', quotes)).to.equal('UPS Next Day Air'); // the carrier is not said twice
    expect(shipmentMethodLabel('UPS_NEXT_DAY_AIR, R_L_CARRIERS_LTL_FREIGHT', quotes)).to.equal(
      'UPS Next Day Air, R+L Carriers · LTL Freight',
    );
    expect(shipmentMethodLabel(null, quotes)).to.equal(null);
  });

  it('spells out a code no quote names any more', () => {
    expect(shipmentMethodLabel('DAY_ROSS_LTL_FREIGHT', [])).to.equal('Day Ross LTL Freight');
    expect(shipmentMethodLabel('UPS_GROUND', [])).to.equal('UPS Ground');
  });

  it('names a card by brand and last four, whatever the token looks like', () => {
    expect(cardLabel('pm_demo_visa_4242')).to.equal('Visa •••• 4242');
    expect(cardLabel('pm_demo_mc_4444')).to.equal('Mastercard •••• 4444');
    expect(cardLabel('pm_demo_amex_0005')).to.equal('American Express •••• 0005');
    expect(cardLabel('pm_offline_ok_visa_4242_12_2034_0a1b2c3d4e5f6a7b')).to.equal('Visa •••• 4242');
    expect(cardLabel('Mastercard •••• 4444')).to.equal('Mastercard •••• 4444'); // staff payments store the label
    expect(cardLabel('tok_3f9a0c', { brand: 'visa', last4: '1881' })).to.equal('Visa •••• 1881');
    expect(orderCardLabel({ card: { brand: 'discover', last4: '1117' } }, 'tok_x')).to.equal('Discover •••• 1117');
    expect(cardLabel('tok_3f9a0c')).to.equal(null);
    expect(cardLabel(null)).to.equal(null);
  });
});
