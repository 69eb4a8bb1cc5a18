/** The address an order shows and uses: its copy once placed, the book while a cart. */
import { expect } from 'chai';
import { addressOfOrder, orderAddressOf, quoteStillFor, type AddressBookRow } from '../../src/domain/order-address.ts';

const book: AddressBookRow & { label: string; updatedAt: Date } = {
  id: 7,
  personId: 3,
  firstName: 'Pat',
  lastName: 'Lee',
  company: null,
  address1: '12 Main Street',
  address2: null,
  city: 'Ames',
  regionCode: 'IA',
  postalCode: '50010',
  countryCode: 'US',
  phone: '515-555-0100',
  label: 'Home',
  updatedAt: new Date('2026-05-01T10:00:00Z'),
};
const copy = {
  id: 7,
  personId: 3,
  firstName: 'Pat',
  lastName: 'Lee',
  company: null,
  address1: '1 Old Road',
  address2: null,
  city: 'Boone',
  regionCode: 'IA',
  postalCode: '50036',
  countryCode: 'US',
  phone: null,
};

describe('order addresses', () => {
  it('copies only the address fields, never labels or timestamps', () => {
    expect(orderAddressOf(book)).to.deep.equal({
      id: 7,
      personId: 3,
      firstName: 'Pat',
      lastName: 'Lee',
      company: null,
      address1: '12 Main Street',
      address2: null,
      city: 'Ames',
      regionCode: 'IA',
      postalCode: '50010',
      countryCode: 'US',
      phone: '515-555-0100',
    });
  });

  it('a placed order reads its copy, never the book; a cart reads the book', () => {
    for (const status of ['pending', 'processing', 'completed', 'quote', 'cancelled']) {
      expect(addressOfOrder(status, copy, book), status).to.deep.equal(copy);
      expect(addressOfOrder(status, null, book), status).to.equal(null);
    }
    expect(addressOfOrder('cart', copy, book)?.address1).to.equal('12 Main Street');
    expect(addressOfOrder('cart', null, null)).to.equal(null);
  });

  it('a quote holds only for the same address, made at or after its last change', () => {
    expect(quoteStillFor({ addressId: 7, createdAt: new Date('2026-05-01T10:00:00Z') }, book)).to.equal(true);
    expect(quoteStillFor({ addressId: 7, createdAt: new Date('2026-05-01T10:05:00Z') }, book)).to.equal(true);
    expect(quoteStillFor({ addressId: 7, createdAt: new Date('2026-05-01T09:59:59.999Z') }, book)).to.equal(false);
    expect(quoteStillFor({ addressId: 8, createdAt: new Date('2026-05-01T10:05:00Z') }, book)).to.equal(false);
    expect(quoteStillFor({ addressId: null, createdAt: new Date('2026-05-01T10:05:00Z') }, book)).to.equal(false);
  });
});
