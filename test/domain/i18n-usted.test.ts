/**
 * The Spanish (es-mx) texts speak to the person as "usted", never "tú". The checkout
 * mixed both ("Tu carrito está vacío" beside "Su tarjeta venció"). This scans every shipped Spanish
 * text (src/i18n/catalog.ts, islands' texts included) for the common tú forms, so they cannot come
 * back: the possessives and pronouns anywhere, the tú imperatives where a sentence starts, and
 * the tú preterite (-aste, -iste). An impersonal "se agrega", "se elige" is usted-neutral and fine.
 */
import { expect } from 'chai';
import { catalog } from '../../src/i18n/catalog.ts';

/** Words that are tú wherever they stand. */
const TU_WORDS = [
  'tu',
  'tus',
  'tú',
  'te',
  'ti',
  'contigo',
  'tuyo',
  'tuya',
  'tuyos',
  'tuyas',
  'puedes',
  'tienes',
  'quieres',
  'necesitas',
  'debes',
  'eres',
  'estás',
  'has',
  'vas',
  'sabes',
  'deseas',
  'prefieres',
  'regístrate',
  'suscríbete',
  'comunícate',
  'contáctanos',
  'llámanos',
  'escríbenos',
  'inténtalo',
  'elígelo',
  'revísalo',
  'elige',
  'ingresa',
  'agrega',
  'escoge',
  'introduce',
  'selecciona',
];

/** Tú imperatives, caught where a sentence (or a parenthesis, a colon's clause) starts: "Usa tus…", "Prueba otra…". */
const TU_IMPERATIVES = [
  'agrega',
  'añade',
  'elige',
  'escoge',
  'ingresa',
  'escribe',
  'revisa',
  'selecciona',
  'consulta',
  'envía',
  'usa',
  'crea',
  'haz',
  'inicia',
  'intenta',
  'vuelve',
  'prueba',
  'introduce',
  'confirma',
  'verifica',
  'completa',
  'busca',
  'guarda',
  'descarga',
  'pulsa',
  'presiona',
  'toca',
  'abre',
  'cambia',
  'quita',
  'corrige',
  'sube',
  'sigue',
  'regresa',
  'marca',
  'llena',
  'lee',
  'acepta',
  'mira',
  'pon',
  'copia',
  'arrastra',
  'asigna',
  'indica',
  'define',
  'activa',
  'desactiva',
  'elimina',
  'borra',
  'edita',
  'comprueba',
  'recuerda',
];

/** Preterite -aste/-iste words that are not tú verbs. */
const NOT_PRETERITE = new Set([
  'existe',
  'consiste',
  'insiste',
  'resiste',
  'asiste',
  'persiste',
  'subsiste',
  'contraste',
  'desgaste',
  'engaste',
]);

/**
 * Texts where a listed word is not a tú form, each with why: a one-word label is a noun or an
 * adjective ("Marca" = brand, "Activa" = active), not an order to the reader.
 */
const ALLOWED: Record<string, string> = {
  'product.brand': '"Marca" is the noun "brand"',
  'pe.f.brand': '"Marca" is the noun "brand"',
  'promo.status.active': '"Activa" is the adjective "active"',
  'promo.f.active': '"Activa" is the adjective "active"',
  'calendar.promotionStarts': '"inicia" is third person: the promotion starts',
  'log.action.webhook.test': '"Prueba de webhook" is the noun "test"',
  'oa.customers.f.organisationHint': '"agrega" is third person: the organisation\'s name adds the customer',
};

// Not after an impersonal "se" ("se elige", "se agrega" is addressed to no one).
const anywhere = new RegExp(`(?<![\\p{L}])(?<!(?:^|[^\\p{L}])se\\s)(${TU_WORDS.join('|')})(?![\\p{L}])`, 'giu');
// A sentence start.
const initial = new RegExp(`(?:^|[.;:!?¿¡(]\\s*|\\n\\s*)(${TU_IMPERATIVES.join('|')})(?![\\p{L}])`, 'giu');
const preterite = /(?<![\p{L}])(\p{L}+(?:aste|iste))(?![\p{L}])/giu;

/** The tú forms found in one text (empty = usted or neutral). */
function tuForms(text: string): string[] {
  const found = [...text.matchAll(anywhere)].map((m) => m[1]);
  found.push(...[...text.matchAll(initial)].map((m) => m[1]));
  found.push(...[...text.matchAll(preterite)].map((m) => m[1]).filter((w) => !NOT_PRETERITE.has(w.toLowerCase())));
  return found;
}

describe('domain/i18n: es-mx says "usted"', () => {
  it('finds the tú forms it is meant to find, and leaves usted and impersonal texts alone', () => {
    expect(tuForms('Tu carrito está vacío')).to.deep.equal(['Tu']);
    expect(tuForms('Usa tus direcciones guardadas y consulta tus pedidos.')).to.have.members(['tus', 'tus', 'Usa']);
    expect(tuForms('¿Cómo quieres pagar?')).to.deep.equal(['quieres']);
    expect(tuForms('No hay métodos de envío. Prueba otra dirección.')).to.deep.equal(['Prueba']);
    expect(tuForms('¿Cómo supiste de nosotros?')).to.deep.equal(['supiste']);
    expect(tuForms('Puedes elegir otra.')).to.deep.equal(['Puedes']);
    expect(tuForms('Su carrito está vacío. Agregue productos a su carrito.')).to.deep.equal([]);
    expect(tuForms('Se muestra cuando se elige «{{choice}}»')).to.deep.equal([]);
    expect(tuForms('No se agrega nada hasta que todas las líneas estén listas.')).to.deep.equal([]);
    expect(tuForms('Esta imagen se usa aquí; quítela de ahí primero.')).to.deep.equal([]);
  });

  it('no shipped Spanish text uses a tú form (allow-listed exceptions say why)', () => {
    const es = catalog.es as Record<string, string | undefined>;
    const wrong = Object.entries(es)
      .filter(([k, v]) => typeof v === 'string' && !(k in ALLOWED))
      .map(([k, v]) => ({ k, forms: tuForms(v!) }))
      .filter((x) => x.forms.length)
      .map((x) => `${x.k}: ${x.forms.join(', ')} — «${es[x.k]}»`);
    expect(wrong, 'say it with "usted" (su, sus, le, puede, elija, ingrese, agregue…)').to.deep.equal([]);
  });

  it('every allow-listed key still exists and still needs its exception', () => {
    const es = catalog.es as Record<string, string | undefined>;
    for (const k of Object.keys(ALLOWED)) {
      expect(es[k], k).to.be.a('string');
      expect(tuForms(es[k]!), `${k} no longer needs to be allowed`).to.not.deep.equal([]);
    }
  });
});
