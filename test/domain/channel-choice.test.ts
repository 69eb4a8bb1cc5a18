import { expect } from 'chai';
import { chooseChannel, currencyOf, LOCALE_DEFAULT_CHANNEL } from '../../src/domain/channel-choice.ts';

const US = { code: 'US', currency: 'USD' };
const CA = { code: 'CA', currency: 'CAD' };
const MX = { code: 'MX', currency: 'MXN' };
const all = [US, CA, MX];

describe('domain/channel-choice', () => {
  it('gives each locale its default channel when the visitor has chosen none', () => {
    expect(chooseChannel(all, undefined, 'en-us')).to.equal(US);
    expect(chooseChannel(all, undefined, 'en-ca')).to.equal(CA);
    expect(chooseChannel(all, undefined, 'fr-ca')).to.equal(CA);
    expect(chooseChannel(all, undefined, 'es-mx')).to.equal(MX);
    expect(LOCALE_DEFAULT_CHANNEL).to.deep.equal({ 'en-us': 'US', 'en-ca': 'CA', 'fr-ca': 'CA', 'es-mx': 'MX' });
  });

  it("keeps the visitor's own choice whatever the page's language", () => {
    expect(chooseChannel(all, 'US', 'fr-ca')).to.equal(US);
    expect(chooseChannel(all, 'MX', 'en-us')).to.equal(MX);
  });

  it('falls back to the locale default, then the first channel, then none', () => {
    expect(chooseChannel(all, 'ZZ', 'es-mx')).to.equal(MX);
    expect(chooseChannel([US, MX], undefined, 'fr-ca')).to.equal(US);
    expect(chooseChannel([MX, US], 'CA', 'en-ca')).to.equal(MX);
    expect(chooseChannel([], 'US', 'en-us')).to.equal(undefined);
  });

  it("shows a channel's (or an order's) own currency, else the base currency", () => {
    expect(currencyOf(CA)).to.equal('CAD');
    expect(currencyOf(MX)).to.equal('MXN');
    expect(currencyOf(undefined)).to.equal('USD');
    expect(currencyOf(null)).to.equal('USD');
    expect(currencyOf({})).to.equal('USD');
  });
});
