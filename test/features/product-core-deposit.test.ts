/**
 * The product page shows a part's core deposit as its own line beside the price, in the
 * visitor's language and channel currency: the demo meter housing (MT-VMH) carries $85.00, which
 * is CA$116.45 in Canada (× 1.37) and MX$1,462.00 in Mexico (× 17.2); a part without a core shows
 * no such line.
 */
import { expect } from 'chai';
import { agent } from '../helpers/http.ts';
import { productIdByStockcode } from '../helpers/server.ts';

describe('product page: core deposit', function () {
  this.timeout(60_000);
  let housing: number;
  let plain: number;

  before(async () => {
    housing = await productIdByStockcode('MT-VMH');
    plain = await productIdByStockcode('MT-FPU');
  });

  const depositLine = (html: string) => /data-testid="core-deposit">([^<]*)<strong>([^<]*)<\/strong>/.exec(html);

  it('shows “Core deposit, refunded when the old part is returned: $85.00” in the US', async () => {
    const res = await (await agent()).get(`/en-us/products/${housing}`);
    expect(res.status).to.equal(200);
    const m = depositLine(res.text);
    expect(m?.[1]).to.equal('Core deposit, refunded when the old part is returned: ');
    expect(m?.[2]).to.equal('$85.00');
  });

  it('shows it in French and Canadian dollars in Canada (116,45)', async () => {
    const res = await (await agent()).get(`/fr-ca/products/${housing}`);
    const m = depositLine(res.text);
    expect(m?.[1]).to.equal('Consigne de pièce usagée, remboursée au retour de l’ancienne pièce : ');
    expect(m?.[2]).to.match(/^116,45\s\$/);
  });

  it('shows it in Spanish and pesos in Mexico (1,462.00)', async () => {
    const res = await (await agent()).get(`/es-mx/products/${housing}`);
    const m = depositLine(res.text);
    expect(m?.[1]).to.equal('Depósito por casco, reembolsado al devolver la pieza usada: ');
    expect(m?.[2]).to.contain('1,462.00');
  });

  it('shows no deposit line for a part without a core', async () => {
    const res = await (await agent()).get(`/en-us/products/${plain}`);
    expect(res.status).to.equal(200);
    expect(res.text).not.to.contain('data-testid="core-deposit"');
  });
});
