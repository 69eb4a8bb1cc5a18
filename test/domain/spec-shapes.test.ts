/** The pure parts of the spec's data shapes (spec §3). */
import { expect } from 'chai';
import { navView } from '../../src/domain/navigation.ts';
import { distributorWarehouses } from '../../src/domain/product-editor.ts';
import { quoteMethodName, shipmentMethodLabel, shipmentSelection } from '../../src/domain/shipping.ts';

describe('domain: spec §3 data shapes', () => {
  it('navigation view flag: 1 when wide or open, else 0', () => {
    expect([navView(true, false), navView(true, true), navView(false, true), navView(false, false)]).to.deep.equal([
      1, 1, 1, 0,
    ]);
  });

  it('a quote’s method reads as carrier and service, without saying the carrier twice', () => {
    expect(quoteMethodName({ carrier: 'UPS', description: 'UPS Ground' })).to.equal('UPS Ground');
    expect(quoteMethodName({ carrier: 'R+L Carriers', description: 'LTL Freight' })).to.equal(
      'R+L Carriers · LTL Freight',
    );
    expect(
      shipmentMethodLabel('UPS_GROUND', [
        { carrier: 'UPS', description: 'UPS Ground', shipment_method: 'UPS_GROUND', selected: true },
      ]),
    ).to.equal('UPS Ground');
  });

  it('selection state: commercial when the rate is not residential; no notification unless asked', () => {
    const items = [{ lineId: 4, quantity: 2, title: 'x' }];
    expect(shipmentSelection({ quote_id: 9, warehouse_id: 2, total: '18.40', residential: true }, items)).to.deep.equal(
      {
        quote_id: 9,
        warehouse_id: 2,
        items: [{ lineId: 4, quantity: 2 }],
        price: '18.40',
        commercialSelected: false,
        notificationSelected: false,
      },
    );
    expect(
      shipmentSelection({ quote_id: 9, warehouse_id: 2, total: '18.40', residential: false }, [], {
        notification: true,
      }),
    ).to.include({ commercialSelected: true, notificationSelected: true });
  });

  it('a distributor’s warehouses are its organisation’s, none without one', () => {
    const byId = distributorWarehouses(
      [
        { id: 1, organisationId: 7 },
        { id: 2, organisationId: null },
        { id: 3, organisationId: 8 },
      ],
      [
        { id: 12, organisationId: 7 },
        { id: 10, organisationId: 7 },
        { id: 11, organisationId: 9 },
      ],
    );
    expect(Object.fromEntries(byId)).to.deep.equal({ 1: [10, 12], 2: [], 3: [] });
  });
});
