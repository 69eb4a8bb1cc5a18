/**
 * What the islands (islands/) say by themselves, in the three languages: [English, French,
 * Spanish]; en-ca follows en. The English is the spec's wording where it has one ('An error
 * occurred', 'Network Error', 'No results found!', the translation failure, the HTTP status
 * texts of the channel switch).
 *
 * How the text reaches an island: every page's alerts region (views/partials/alerts.ejs) carries
 * the page's translation of these texts as JSON (src/i18n/island-text.ts fills it through the
 * page's translator, so the translation editor changes them like any text), and
 * islands/lib/text.ts reads it; without that JSON (a page outside the layouts) the English below.
 * Messages the server sends too are not repeated here: ISLAND_ERRORS names them by their English
 * and their text is the error catalogue's row (src/i18n/text/errors*.ts).
 * test/islands/island-text.test.ts fails on an English literal an island shows instead.
 */
import { ISLAND_EN, ISLAND_ENGLISH, ISLAND_ERRORS, type IslandRowName, type IslandTextName } from './islands-en.ts';

export { ISLAND_ENGLISH, ISLAND_ERRORS, type IslandTextName };

/** French and Spanish of each row of ISLAND_EN (islands-en.ts, the English islands bundle). */
const ISLAND_FR_ES = {
  genericError: ['Une erreur est survenue', 'Ocurrió un error'],
  networkError: ['Erreur réseau', 'Error de red'],
  noResults: ['Aucun résultat trouvé !', '¡No se encontraron resultados!'],
  translationFailed: [
    'Une erreur est survenue lors de la récupération de la traduction. Veuillez réessayer.',
    'Ocurrió un error al obtener la traducción. Inténtelo de nuevo.',
  ],
  orderUpdateFailed: [
    'La commande n’a pas pu être mise à jour; les détails sont dans la console',
    'No se pudo actualizar el pedido; los detalles están en la consola',
  ],
  regenerateConfirm: [
    'Voulez-vous vraiment régénérer la clé d’API de cet entrepôt ?',
    '¿Seguro que desea regenerar el token de API de este almacén?',
  ],
  confirm: ['En êtes-vous sûr ?', '¿Está seguro?'],
  saved: ['Enregistré', 'Guardado'],
  addedToCart: ['Ajouté au panier', 'Agregado al carrito'],
  notifications: ['Notifications', 'Notificaciones'],
  close: ['Fermer', 'Cerrar'],
  suggestions: ['Suggestions', 'Sugerencias'],
  chooseDate: ['Choisir une date', 'Elegir una fecha'],
  backToTop: ['Retour en haut', 'Volver arriba'],
  you: ['Vous', 'Usted'],
  open: ['Ouvrir', 'Abrir'],
  accountExists: ['Un compte existe déjà pour {{name}}.', 'Ya existe una cuenta para {{name}}.'],
  unsavedTitle: ['Modifications non enregistrées', 'Cambios sin guardar'],
  unsavedText: [
    'Vous avez des modifications non enregistrées. Quitter quand même ?',
    'Tiene cambios sin guardar. ¿Salir de todos modos?',
  ],
  unsavedStay: ['Rester sur cette page', 'Quedarse en esta página'],
  unsavedLeave: ['Quitter sans enregistrer', 'Salir sin guardar'],
  tickOnePart: ['Cochez au moins une pièce.', 'Marque al menos una pieza.'],
  noPartMatches: ['Aucune pièce de ce schéma ne correspond.', 'Ninguna pieza de este diagrama coincide.'],
  callout: ['Repère {{callout}}', 'Referencia {{callout}}'],
  noRates: [
    'Nous n’avons trouvé aucun tarif pour ce code postal. Veuillez en essayer un autre.',
    'No encontramos tarifas para ese código postal. Pruebe con otro.',
  ],
  language: ['Langue', 'Idioma'],
  channel: ['Canal', 'Canal'],
  switchingChannel: ['Changement de canal…', 'Cambiando de canal…'],
  eppUnavailable: [
    'Programme de paiement prolongé (EPP) indisponible.',
    'Programa de pago extendido (EPP) no disponible.',
  ],
  plaidNotLoaded: ['Plaid Link ne s’est pas chargé.', 'Plaid Link no se cargó.'],
  eventDate: ['Date : entrez une date réelle au format mm/jj/aa.', 'Fecha: ingrese una fecha real como mm/dd/aa.'],
  eventEndDate: [
    'Date de fin : entrez une date réelle au format mm/jj/aa.',
    'Fecha de fin: ingrese una fecha real como mm/dd/aa.',
  ],
  // HTTP status texts (an answer with no message of its own: the spec's channel switch alerts its status text)
  http400: ['Requête invalide', 'Solicitud incorrecta'],
  http401: ['Non autorisé', 'No autorizado'],
  http403: ['Interdit', 'Prohibido'],
  http404: ['Introuvable', 'No encontrado'],
  http405: ['Méthode non autorisée', 'Método no permitido'],
  http408: ['Délai de requête dépassé', 'Tiempo de espera agotado'],
  http409: ['Conflit', 'Conflicto'],
  http413: ['Contenu trop volumineux', 'Contenido demasiado grande'],
  http422: ['Entité non traitable', 'Entidad no procesable'],
  http429: ['Trop de requêtes', 'Demasiadas solicitudes'],
  http500: ['Erreur interne du serveur', 'Error interno del servidor'],
  http502: ['Passerelle incorrecte', 'Puerta de enlace incorrecta'],
  http503: ['Service indisponible', 'Servicio no disponible'],
  http504: ['Délai de passerelle dépassé', 'Tiempo de espera de la puerta de enlace agotado'],
} as const satisfies Record<IslandRowName, readonly [string, string]>;

/** Every row as [English, French, Spanish]. */
export const ISLAND_ROWS = Object.fromEntries(
  (Object.keys(ISLAND_EN) as IslandRowName[]).map((k) => [
    k,
    [ISLAND_EN[k], ISLAND_FR_ES[k][0], ISLAND_FR_ES[k][1]] as const,
  ]),
) as Record<IslandRowName, readonly [string, string, string]>;

/** The interface text key of an island row (in the catalog: the translation editor edits it). */
export const islandKey = (name: keyof typeof ISLAND_ROWS) => `island.${name}`;

const column = (i: 0 | 1 | 2) =>
  Object.fromEntries(Object.entries(ISLAND_ROWS).map(([k, row]) => [`island.${k}`, row[i]])) as Record<
    `island.${IslandRowName}`,
    string
  >;

/** The catalog area (src/i18n/catalog.ts). */
export const islandsText = { en: column(0), fr: column(1), es: column(2) };
