/**
 * The demo catalogue in French (Canada) and Spanish (Mexico): names of categories,
 * products, options, choices, promotions, channels and parts diagrams, and the products' and
 * categories' descriptions. Stored like every translation, in the translations table, under the
 * 'cat:' marker (src/domain/catalog-text.ts); the English stays in the entities' own columns.
 *
 * Names are looked up by their English text, so the rows follow the seeded entities whatever ids
 * they got; a name missing here simply stays English (the visible fallback).
 */
import {
  categories,
  channels,
  eppPromotions,
  instructionals,
  optionChoices,
  partsDiagrams,
  productOptions,
  products,
  promotions,
} from '../schema/index.ts';
import { catalogField } from '../../domain/catalog-text.ts';
import { PRODUCTS } from './catalog-data.ts';
import type { SeedTx } from './util.ts';

type FrEs = readonly [fr: string, es: string];

/** English name → [French, Spanish]. */
const NAMES: Record<string, FrEs> = {
  // Categories
  Planters: ['Semoirs', 'Sembradoras'],
  'Seed Plates': ['Disques de semis', 'Platos de siembra'],
  Parts: ['Pièces', 'Refacciones'],
  'Planter Parts': ['Pièces de semoir', 'Refacciones de sembradora'],
  'Drive & Chain': ['Transmission et chaînes', 'Transmisión y cadenas'],
  Meters: ['Doseurs', 'Dosificadores'],
  Markers: ['Traceurs', 'Marcadores'],
  Hitches: ['Attelages', 'Enganches'],
  Tools: ['Outils', 'Herramientas'],
  'Kits & Service': ['Trousses et service', 'Kits y servicio'],

  // Products
  '4-Row Vacuum Planter': ['Semoir pneumatique 4 rangs', 'Sembradora neumática de 4 surcos'],
  '6-Row Vacuum Planter': ['Semoir pneumatique 6 rangs', 'Sembradora neumática de 6 surcos'],
  '8-Row Vacuum Planter': ['Semoir pneumatique 8 rangs', 'Sembradora neumática de 8 surcos'],
  '2-Row Plate Planter, Compact': ['Semoir à disques 2 rangs, compact', 'Sembradora de platos de 2 surcos, compacta'],
  'Custom Vacuum Planter — Build Your Own': [
    'Semoir pneumatique sur mesure — À configurer',
    'Sembradora neumática a la medida — Configúrela',
  ],
  '12-Row Folding Toolbar Planter': ['Semoir à barre repliable 12 rangs', 'Sembradora de barra plegable de 12 surcos'],
  'Seed Plate — Corn 30-cell': ['Disque de semis — Maïs 30 alvéoles', 'Plato de siembra — Maíz 30 celdas'],
  'Seed Plate — Corn 24-cell': ['Disque de semis — Maïs 24 alvéoles', 'Plato de siembra — Maíz 24 celdas'],
  'Seed Plate — Soybean 60-cell': ['Disque de semis — Soya 60 alvéoles', 'Plato de siembra — Soya 60 celdas'],
  'Seed Plate — Sorghum 48-cell': ['Disque de semis — Sorgho 48 alvéoles', 'Plato de siembra — Sorgo 48 celdas'],
  'Seed Plate — Sunflower 24-cell': ['Disque de semis — Tournesol 24 alvéoles', 'Plato de siembra — Girasol 24 celdas'],
  'Seed Plate — Cotton 36-cell': ['Disque de semis — Coton 36 alvéoles', 'Plato de siembra — Algodón 36 celdas'],
  'Seed Plate Blank, Drill Your Own': [
    'Disque de semis vierge, à percer soi-même',
    'Plato de siembra en blanco, para perforar',
  ],
  'Disc Opener Blade 15"': ['Disque ouvreur 15 po', 'Disco abresurcos de 15 pulg.'],
  'Gauge Wheel Assembly 4.5 x 16': ['Roue de jauge complète 4,5 x 16', 'Ensamble de rueda limitadora 4.5 x 16'],
  'Spiked Closing Wheel': ['Roue de fermeture à pointes', 'Rueda tapadora de picos'],
  'Rubber Closing Wheel 1 x 12': ['Roue de fermeture en caoutchouc 1 x 12', 'Rueda tapadora de hule 1 x 12'],
  'Seed Tube with Guard': ['Tube de descente avec protecteur', 'Tubo de semilla con protector'],
  'Parallel Arm Bushing Kit': ['Trousse de bagues de bras parallèles', 'Kit de bujes para brazos paralelos'],
  'Down-Pressure Spring, Heavy': ['Ressort de pression, robuste', 'Resorte de presión, reforzado'],
  'Vacuum Hose 1.5 in, 10 ft': ['Tuyau d’aspiration 1,5 po, 10 pi', 'Manguera de vacío de 1.5 pulg., 10 pies'],
  'Row Cleaner, Floating': ['Chasse-débris flottant', 'Limpiador de surco flotante'],
  'Seed Hopper Lid': ['Couvercle de trémie à semences', 'Tapa de tolva de semilla'],
  'Hydraulic Row Marker Kit': ['Trousse de traceurs hydrauliques', 'Kit de marcadores de surco hidráulicos'],
  'Vacuum Fan Assembly, 12 V': ['Ventilateur d’aspiration complet, 12 V', 'Ensamble de ventilador de vacío, 12 V'],
  'Drive Chain #40, 10 ft': ['Chaîne d’entraînement no 40, 10 pi', 'Cadena de transmisión #40, 10 pies'],
  'Drive Chain #60, 10 ft': ['Chaîne d’entraînement no 60, 10 pi', 'Cadena de transmisión #60, 10 pies'],
  'Connector Link #40, 5-pack': ['Maillon de raccord no 40, paquet de 5', 'Eslabón de unión #40, paquete de 5'],
  'Sprocket 19-tooth #40': ['Pignon 19 dents no 40', 'Piñón de 19 dientes #40'],
  'Sprocket 28-tooth #40': ['Pignon 28 dents no 40', 'Piñón de 28 dientes #40'],
  'Chain Idler with Bearing': ['Tendeur de chaîne avec roulement', 'Tensor de cadena con balero'],
  'Hex Drive Shaft 7/8 in, 60 in': [
    'Arbre d’entraînement hexagonal 7/8 po, 60 po',
    'Eje hexagonal de transmisión de 7/8 pulg., 60 pulg.',
  ],
  'Finger Pickup Seed Meter': ['Doseur à doigts', 'Dosificador de dedos'],
  'Vacuum Seed Meter Housing': ['Boîtier de doseur pneumatique', 'Carcasa de dosificador neumático'],
  'Electric Drive Meter Upgrade': [
    'Entraînement électrique des doseurs (mise à niveau)',
    'Mando eléctrico para dosificadores (actualización)',
  ],
  'Meter Drive Coupler': ['Accouplement d’entraînement de doseur', 'Acoplador del mando del dosificador'],
  'Marker Disc 16 in, Notched': ['Disque de traceur 16 po, crénelé', 'Disco marcador de 16 pulg., dentado'],
  'Marker Arm Extension': ['Rallonge de bras de traceur', 'Extensión de brazo marcador'],
  'Category II Quick Hitch': ['Attelage rapide catégorie II', 'Enganche rápido categoría II'],
  'Drawbar Clevis, Forged': ['Chape de barre d’attelage, forgée', 'Horquilla de barra de tiro, forjada'],
  'Hitch Pin 1 in with Clip': ['Goupille d’attelage 1 po avec agrafe', 'Pasador de enganche de 1 pulg. con seguro'],
  'Safety Chain, 20,000 lb': ['Chaîne de sécurité, 20 000 lb', 'Cadena de seguridad, 20,000 lb'],
  'Seed Plate Brush': ['Brosse pour disques de semis', 'Cepillo para platos de siembra'],
  'Chain Breaker Tool #40-#60': ['Dérive-chaîne no 40 à no 60', 'Herramienta cortacadenas #40-#60'],
  'Planter Tune-Up Gauge Set': ['Jeu de jauges de réglage de semoir', 'Juego de calibradores para afinar sembradoras'],
  'Grease Gun, Lever Action': ['Pistolet graisseur à levier', 'Engrasadora de palanca'],
  'Torque Wrench 1/2 in Drive': ['Clé dynamométrique, carré de 1/2 po', 'Torquímetro con cuadro de 1/2 pulg.'],
  'Row Unit Rebuild Kit': ['Trousse de remise à neuf d’unité de rang', 'Kit de reconstrucción de unidad de surco'],
  'Planter Setup & Calibration Service': [
    'Service de mise en route et d’étalonnage du semoir',
    'Servicio de instalación y calibración de sembradora',
  ],
  'Extended Warranty — Planter, 2 Years': [
    'Garantie prolongée — Semoir, 2 ans',
    'Garantía extendida — Sembradora, 2 años',
  ],
  'Seed Hopper Cleaning Brush, Prairie Made': [
    'Brosse de nettoyage de trémie, fabriquée dans les Prairies',
    'Cepillo para limpiar tolvas, hecho en las Praderas',
  ],
  'Marker Disc 16 in, Wavy (Closeout)': [
    'Disque de traceur 16 po, ondulé (liquidation)',
    'Disco marcador de 16 pulg., ondulado (liquidación)',
  ],

  // Options and choices
  'Row count': ['Nombre de rangs', 'Número de surcos'],
  '4 rows': ['4 rangs', '4 surcos'],
  '6 rows': ['6 rangs', '6 surcos'],
  '8 rows': ['8 rangs', '8 surcos'],
  'Row unit spacing': ['Espacement des rangs', 'Separación entre surcos'],
  '30 in': ['30 po', '30 pulg.'],
  '36 in': ['36 po', '36 pulg.'],
  Hitch: ['Attelage', 'Enganche'],
  'Category II 3-point': ['Trois points, catégorie II', 'Tres puntos, categoría II'],
  'Drawbar pull-type': ['Traîné, à la barre d’attelage', 'De arrastre, con barra de tiro'],
  'Extra seed plates': ['Disques de semis supplémentaires', 'Platos de siembra adicionales'],
  'Corn 30-cell': ['Maïs 30 alvéoles', 'Maíz 30 celdas'],
  'Soybean 60-cell': ['Soya 60 alvéoles', 'Soya 60 celdas'],
  'Sorghum 48-cell': ['Sorgho 48 alvéoles', 'Sorgo 48 celdas'],
  Tire: ['Pneu', 'Llanta'],
  'Standard rubber': ['Caoutchouc standard', 'Hule estándar'],
  'Heavy-duty semi-pneumatic': ['Semi-pneumatique robuste', 'Semineumática reforzada'],

  // Promotions (the amount is shown beside the name, in the cart's currency)
  'Spring Planting': ['Semis du printemps', 'Siembra de primavera'],
  'Parts Bundle': ['Lot de pièces', 'Paquete de refacciones'],
  // Instructionals (titles)
  'Setting up your 4-row vacuum planter': [
    'Installer votre semoir pneumatique 4 rangs',
    'Cómo instalar su sembradora neumática de 4 surcos',
  ],
  'Changing and cleaning seed plates': [
    'Changer et nettoyer les disques de semis',
    'Cambio y limpieza de platos de siembra',
  ],
  'Adjusting drive chain tension': [
    'Régler la tension de la chaîne d’entraînement',
    'Ajuste de la tensión de la cadena de transmisión',
  ],
  'Pre-season row unit inspection': [
    'Inspection des unités de rang avant la saison',
    'Inspección de unidades de surco antes de la temporada',
  ],
  // Extended Payment Program promotions
  '0% APR for 12 months on planters': [
    'TAP de 0 % pendant 12 mois sur les semoirs',
    'APR de 0 % durante 12 meses en sembradoras',
  ],
  'Dealer Days': ['Journées des concessionnaires', 'Días del distribuidor'],
  'Winter Service': ['Entretien d’hiver', 'Servicio de invierno'],

  // Channels (the channel picker)
  'United States': ['États-Unis', 'Estados Unidos'],
  Canada: ['Canada', 'Canadá'],
  México: ['Mexique', 'México'],

  // Non-stock labels (shown instead of stock)
  'Scheduled by your dealer': ['Planifié par votre concessionnaire', 'Programado por su distribuidor'],
  'Sent by email': ['Envoyé par courriel', 'Enviado por correo electrónico'],

  // Parts diagrams
  '4-Row Vacuum Planter — Row Unit': [
    'Semoir pneumatique 4 rangs — Unité de rang',
    'Sembradora neumática de 4 surcos — Unidad de surco',
  ],
  '6-Row Vacuum Planter — Seed Meter': [
    'Semoir pneumatique 6 rangs — Doseur',
    'Sembradora neumática de 6 surcos — Dosificador',
  ],
  '8-Row Vacuum Planter — Quick Hitch': [
    'Semoir pneumatique 8 rangs — Attelage rapide',
    'Sembradora neumática de 8 surcos — Enganche rápido',
  ],
};

/** Category descriptions, by slug. */
const CATEGORY_DESCRIPTIONS: Record<string, FrEs> = {
  planters: [
    'Semoirs pneumatiques et à disques de 2 à 12 rangs.',
    'Sembradoras neumáticas y de platos de 2 a 12 surcos.',
  ],
  'seed-plates': [
    'Disques pour maïs, soya, sorgho, tournesol et coton.',
    'Platos para maíz, soya, sorgo, girasol y algodón.',
  ],
  parts: ['Pièces de rechange pour nos semoirs.', 'Refacciones para nuestras sembradoras.'],
  'planter-parts': [
    'Ouvreurs, roues, tubes et quincaillerie d’unité de rang.',
    'Abresurcos, ruedas, tubos y herrajes de la unidad de surco.',
  ],
  'drive-chain': ['Chaînes à rouleaux, pignons, tendeurs et arbres.', 'Cadenas de rodillos, piñones, tensores y ejes.'],
  meters: ['Doseurs de semences et leurs entraînements.', 'Dosificadores de semilla y sus mandos.'],
  markers: ['Disques et bras de traceurs.', 'Discos y brazos de marcadores de surco.'],
  hitches: [
    'Attelages rapides, chapes, goupilles et chaînes de sécurité.',
    'Enganches rápidos, horquillas, pasadores y cadenas de seguridad.',
  ],
  tools: ['Outils d’atelier pour l’entretien des semoirs.', 'Herramientas de taller para el servicio de sembradoras.'],
  'kits-service': [
    'Trousses de remise à neuf, mise en route et garanties.',
    'Kits de reconstrucción, puesta a punto y garantías.',
  ],
};

/** The first paragraph of a product's description, by stock code (the others use GENERIC). */
const BLURBS: Record<string, FrEs> = {
  'PL-4RV': [
    'Un semoir pneumatique 4 rangs de 30 po pour les maraîchers et les parcelles d’essai : un ventilateur, entraînement au sol, trémies de 1,9 boisseau.',
    'Una sembradora neumática de 4 surcos a 30 pulgadas para horticultores y parcelas de investigación: un ventilador, mando por rueda, tolvas de 1.9 bushels.',
  ],
  'PL-6RV': [
    'Six rangs sur une barre rigide de 7 × 7 po, ventilateur hydraulique, unités de rang à parallélogramme avec pression réglable.',
    'Seis surcos en una barra rígida de 7 × 7 pulg., ventilador de vacío hidráulico, unidades de surco de brazos paralelos con presión ajustable.',
  ],
  'PL-8RV': [
    'Le semoir polyvalent 8 rangs : espacement de 30 ou 36 po, attelage trois points, avec traceurs et faisceau pour moniteur de semis.',
    'La sembradora de trabajo de 8 surcos: separación de 30 o 36 pulgadas, enganche de tres puntos, con marcadores y arnés para monitor de siembra.',
  ],
  'PL-2RC': [
    'Un semoir à disques compact pour les jardins maraîchers et les parcelles pour la faune; s’attelle à un tracteur de catégorie I.',
    'Una sembradora de platos compacta para huertos y parcelas para fauna; se engancha a un tractor de categoría I.',
  ],
  'DEMO-CONFIG': [
    'Choisissez le nombre de rangs, l’espacement des modèles 8 rangs, l’attelage et autant de disques de semis supplémentaires que nécessaire : le prix se met à jour à mesure.',
    'Elija el número de surcos, la separación para las de 8 surcos, el enganche y todos los platos de siembra adicionales que necesite: el precio se actualiza al momento.',
  ],
  'DEMO-CALL': [
    'Construit sur commande pour chaque ferme. Appelez-nous pour discuter de l’espacement, du repliage et des options de fertilisation.',
    'Fabricada por pedido para cada rancho. Llámenos para definir la separación de surcos, el plegado y las opciones de fertilización.',
  ],
  'DEMO-SEED-PLATE': [
    'Notre disque standard pour le maïs. Utilisez le calculateur de disques pour vérifier la population à votre vitesse d’avancement.',
    'Nuestro plato estándar para maíz. Use la calculadora de platos para comprobar la población a su velocidad de avance.',
  ],
  'PP-DOB-15': [
    'Acier au bore traité thermiquement, 4 mm d’épaisseur, 15 po de diamètre. À remplacer par paire.',
    'Acero al boro con tratamiento térmico, 4 mm de espesor, 15 pulgadas de diámetro. Cámbielos en pares.',
  ],
  'DEMO-OOS': [
    'Traceurs hydrauliques repliables avec valve de séquence. Épuisés pour cette saison.',
    'Marcadores hidráulicos plegables con válvula de secuencia. Agotados esta temporada.',
  ],
  'DEMO-FUTURE': [
    'Ventilateur d’aspiration électrique pour les semoirs sans sorties hydrauliques. Le prochain arrivage est prévu en mars : commandez dès maintenant pour réserver le vôtre.',
    'Ventilador de vacío eléctrico para sembradoras sin salidas hidráulicas. El próximo embarque llega en marzo: haga su pedido ahora para apartar el suyo.',
  ],
  'DEMO-SOON': [
    'Entraînement électrique rang par rang avec compensation en virage. Disponible pour la prochaine saison.',
    'Mando eléctrico surco por surco con compensación en curvas. Disponible para la próxima temporada.',
  ],
  'DEMO-KIT': [
    'Tout pour remettre à neuf une unité de rang : disques ouvreurs, bagues, tube de descente, roues de fermeture et ressort de pression.',
    'Todo para reconstruir una unidad de surco: discos abresurcos, bujes, tubo de semilla, ruedas tapadoras y un resorte de presión.',
  ],
  'SV-SETUP': [
    'Un technicien prépare et étalonne votre semoir à la ferme avant la saison.',
    'Un técnico instala y calibra su sembradora en su rancho antes de la temporada.',
  ],
  'SV-WARR-2': [
    'Deux années de plus de couverture pièces et main-d’œuvre pour tout semoir acheté chez nous.',
    'Dos años más de cobertura de piezas y mano de obra para cualquier sembradora comprada con nosotros.',
  ],
  'TL-BRUSH-CA': [
    'Brosse en crin de cheval fabriquée à Saskatoon pour nettoyer les trémies et les doseurs. Prix en dollars canadiens.',
    'Cepillo de crin de caballo hecho en Saskatoon para limpiar tolvas y dosificadores. Precio en dólares canadienses.',
  ],
  'MK-DSC-16W': [
    'Les derniers disques de traceur ondulés, gardés au dépôt de Winnipeg pendant sa fermeture.',
    'Los últimos discos marcadores ondulados, guardados en el almacén de Winnipeg mientras está cerrado.',
  ],
};

const FIT: Record<'planter' | 'part', FrEs> = {
  planter: [
    'Couvert par une garantie de deux ans et entretenu par nos concessionnaires partout aux États-Unis et au Canada.',
    'Con garantía de dos años y servicio de nuestros distribuidores en Estados Unidos y Canadá.',
  ],
  part: [
    'Convient aux semoirs Harrow & Drill construits depuis 2012; consultez les schémas de pièces de votre unité de rang.',
    'Compatible con las sembradoras Harrow & Drill fabricadas desde 2012; consulte los diagramas de refacciones de su unidad de surco.',
  ],
};

/** The first paragraph of a product without a blurb: its name and its category's description. */
const GENERIC: FrEs = [
  '{{title}} : {{category}}, conforme à notre spécification d’origine.',
  '{{title}}: {{category}}, conforme a nuestra especificación original.',
];

const LANGS = ['fr', 'es'] as const;
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, '');

/** The product's description in each language, in the same two-paragraph shape as the English one (seed/catalog.ts). */
function productDescription(stockcode: string, k: 0 | 1): string | undefined {
  const p = PRODUCTS.find((x) => x.stockcode === stockcode);
  if (!p) return undefined;
  const title = NAMES[p.title]?.[k];
  const main = p.categories[p.categories.length - 1];
  const category = CATEGORY_DESCRIPTIONS[main]?.[k];
  if (!title || !category) return undefined;
  const first =
    BLURBS[stockcode]?.[k] ?? GENERIC[k].replace('{{title}}', title).replace('{{category}}', lowerFirst(category));
  const fit = FIT[p.categories.includes('planters') ? 'planter' : 'part'][k];
  return `<p>${first}</p>\n<p>${fit}</p>`;
}

export type CatalogTranslation = { field: string; language: 'fr' | 'es'; value: string };

/** Every French and Spanish catalogue text for the seeded entities (read back from the transaction). */
export async function catalogTranslations(tx: SeedTx): Promise<CatalogTranslation[]> {
  const out: CatalogTranslation[] = [];
  const push = (field: string, texts: FrEs | undefined) => {
    if (texts) LANGS.forEach((language, k) => out.push({ field, language, value: texts[k] }));
  };
  for (const c of await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)) {
    push(catalogField('category', c.id, 'name'), NAMES[c.name]);
    push(catalogField('category', c.id, 'description'), CATEGORY_DESCRIPTIONS[c.slug]);
  }
  for (const p of await tx
    .select({ id: products.id, title: products.title, stockcode: products.stockcode, label: products.nonStockLabel })
    .from(products)) {
    push(catalogField('product', p.id, 'title'), NAMES[p.title]);
    if (p.label) push(catalogField('product', p.id, 'label'), NAMES[p.label]);
    const fr = productDescription(p.stockcode, 0);
    const es = productDescription(p.stockcode, 1);
    if (fr && es) push(catalogField('product', p.id, 'description'), [fr, es]);
  }
  for (const o of await tx.select({ id: productOptions.id, name: productOptions.name }).from(productOptions))
    push(catalogField('option', o.id, 'name'), NAMES[o.name]);
  for (const c of await tx.select({ id: optionChoices.id, name: optionChoices.name }).from(optionChoices))
    push(catalogField('choice', c.id, 'name'), NAMES[c.name]);
  for (const p of await tx.select({ id: promotions.id, name: promotions.name }).from(promotions))
    push(catalogField('promotion', p.id, 'name'), NAMES[p.name]);
  for (const c of await tx.select({ id: channels.id, name: channels.name }).from(channels))
    push(catalogField('channel', c.id, 'name'), NAMES[c.name]);
  for (const d of await tx.select({ id: partsDiagrams.id, title: partsDiagrams.title }).from(partsDiagrams))
    push(catalogField('diagram', d.id, 'title'), NAMES[d.title]);
  for (const i of await tx.select({ id: instructionals.id, title: instructionals.title }).from(instructionals))
    push(catalogField('instructional', i.id, 'title'), NAMES[i.title]);
  for (const e of await tx.select({ id: eppPromotions.id, name: eppPromotions.name }).from(eppPromotions))
    push(catalogField('financing', e.id, 'name'), NAMES[e.name]);
  return out;
}
