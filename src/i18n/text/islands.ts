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
import { MESSAGES } from '../../domain/constants.ts';
import { DATE_FIELD_MESSAGES } from '../../domain/date-field.ts';

export const ISLAND_ROWS = {
  genericError: [MESSAGES.genericError, 'Une erreur est survenue', 'Ocurrió un error'],
  networkError: [MESSAGES.networkError, 'Erreur réseau', 'Error de red'],
  noResults: [MESSAGES.noResults, 'Aucun résultat trouvé !', '¡No se encontraron resultados!'],
  translationFailed: [MESSAGES.translationFailed, 'Une erreur est survenue lors de la récupération de la traduction. Veuillez réessayer.', 'Ocurrió un error al obtener la traducción. Inténtelo de nuevo.'],
  orderUpdateFailed: [MESSAGES.orderUpdateFailed, 'La commande n’a pas pu être mise à jour; les détails sont dans la console', 'No se pudo actualizar el pedido; los detalles están en la consola'],
  regenerateConfirm: [MESSAGES.regenerateTokenConfirm, 'Voulez-vous vraiment régénérer la clé d’API de cet entrepôt ?', '¿Seguro que desea regenerar el token de API de este almacén?'],
  confirm: ['Are you sure?', 'En êtes-vous sûr ?', '¿Está seguro?'],
  saved: ['Saved', 'Enregistré', 'Guardado'],
  addedToCart: ['Added to cart', 'Ajouté au panier', 'Agregado al carrito'],
  notifications: ['Notifications', 'Notifications', 'Notificaciones'],
  close: ['Close', 'Fermer', 'Cerrar'],
  suggestions: ['Suggestions', 'Suggestions', 'Sugerencias'],
  chooseDate: ['Choose a date', 'Choisir une date', 'Elegir una fecha'],
  backToTop: ['Back to top', 'Retour en haut', 'Volver arriba'],
  you: ['You', 'Vous', 'Usted'],
  open: ['Open', 'Ouvrir', 'Abrir'],
  accountExists: ['An account already exists for {{name}}.', 'Un compte existe déjà pour {{name}}.', 'Ya existe una cuenta para {{name}}.'],
  unsavedTitle: ['Unsaved changes', 'Modifications non enregistrées', 'Cambios sin guardar'],
  unsavedText: ['You have unsaved changes. Leave anyway?', 'Vous avez des modifications non enregistrées. Quitter quand même ?', 'Tiene cambios sin guardar. ¿Salir de todos modos?'],
  unsavedStay: ['Stay on this page', 'Rester sur cette page', 'Quedarse en esta página'],
  unsavedLeave: ['Leave without saving', 'Quitter sans enregistrer', 'Salir sin guardar'],
  tickOnePart: ['Tick at least one part.', 'Cochez au moins une pièce.', 'Marque al menos una pieza.'],
  noPartMatches: ['No part on this diagram matches.', 'Aucune pièce de ce schéma ne correspond.', 'Ninguna pieza de este diagrama coincide.'],
  callout: ['Callout {{callout}}', 'Repère {{callout}}', 'Referencia {{callout}}'],
  noRates: ['We couldn\'t find rates for that postal code. Please try another.', 'Nous n’avons trouvé aucun tarif pour ce code postal. Veuillez en essayer un autre.', 'No encontramos tarifas para ese código postal. Pruebe con otro.'],
  language: ['Language', 'Langue', 'Idioma'],
  channel: ['Channel', 'Canal', 'Canal'],
  switchingChannel: ['Switching channel…', 'Changement de canal…', 'Cambiando de canal…'],
  eppUnavailable: ['Extended Payment Program (EPP) unavailable.', 'Programme de paiement prolongé (EPP) indisponible.', 'Programa de pago extendido (EPP) no disponible.'],
  plaidNotLoaded: ['Plaid Link did not load.', 'Plaid Link ne s’est pas chargé.', 'Plaid Link no se cargó.'],
  eventDate: ['Date: enter a real date as mm/dd/yy.', 'Date : entrez une date réelle au format mm/jj/aa.', 'Fecha: ingrese una fecha real como mm/dd/aa.'],
  eventEndDate: ['End date: enter a real date as mm/dd/yy.', 'Date de fin : entrez une date réelle au format mm/jj/aa.', 'Fecha de fin: ingrese una fecha real como mm/dd/aa.'],
  // HTTP status texts (an answer with no message of its own: the spec's channel switch alerts its status text)
  http400: ['Bad Request', 'Requête invalide', 'Solicitud incorrecta'],
  http401: ['Unauthorized', 'Non autorisé', 'No autorizado'],
  http403: ['Forbidden', 'Interdit', 'Prohibido'],
  http404: ['Not Found', 'Introuvable', 'No encontrado'],
  http405: ['Method Not Allowed', 'Méthode non autorisée', 'Método no permitido'],
  http408: ['Request Timeout', 'Délai de requête dépassé', 'Tiempo de espera agotado'],
  http409: ['Conflict', 'Conflit', 'Conflicto'],
  http413: ['Payload Too Large', 'Contenu trop volumineux', 'Contenido demasiado grande'],
  http422: ['Unprocessable Entity', 'Entité non traitable', 'Entidad no procesable'],
  http429: ['Too Many Requests', 'Trop de requêtes', 'Demasiadas solicitudes'],
  http500: ['Internal Server Error', 'Erreur interne du serveur', 'Error interno del servidor'],
  http502: ['Bad Gateway', 'Passerelle incorrecte', 'Puerta de enlace incorrecta'],
  http503: ['Service Unavailable', 'Service indisponible', 'Servicio no disponible'],
  http504: ['Gateway Timeout', 'Délai de passerelle dépassé', 'Tiempo de espera de la puerta de enlace agotado'],
} as const satisfies Record<string, readonly [string, string, string]>;

/** Messages an island shows that the server sends too: translated by the error catalogue's row. */
export const ISLAND_ERRORS = {
  languageRequired: MESSAGES.languageRequired,
  cannotTranslateToEnglish: MESSAGES.cannotTranslateToEnglish,
  orderRequiresLines: MESSAGES.orderRequiresLines,
  eventTitle: 'Give the event a title.',
  eventTooFar: 'Dates may be at most 21 years ahead.',
  eventStart: 'Enter a start time as hh:mm.',
  eventEnd: 'Enter an end time as hh:mm.',
  eventEndDateOrder: 'The end date must be on or after the start date.',
  eventEndOrder: 'The event must end after it starts.',
  dateFormat: DATE_FIELD_MESSAGES.format,
  datePast: DATE_FIELD_MESSAGES.past,
  dateFuture: DATE_FIELD_MESSAGES.future,
} as const;

export type IslandTextName = keyof typeof ISLAND_ROWS | keyof typeof ISLAND_ERRORS;

/** The English of every island text: what an island says when its page carries no translation. */
export const ISLAND_ENGLISH = {
  ...(Object.fromEntries(Object.entries(ISLAND_ROWS).map(([k, row]) => [k, row[0]])) as Record<keyof typeof ISLAND_ROWS, string>),
  ...ISLAND_ERRORS,
} as Record<IslandTextName, string>;

/** The interface text key of an island row (in the catalog: the translation editor edits it). */
export const islandKey = (name: keyof typeof ISLAND_ROWS) => `island.${name}`;

const column = (i: 0 | 1 | 2) => Object.fromEntries(Object.entries(ISLAND_ROWS).map(([k, row]) => [`island.${k}`, row[i]])) as Record<`island.${keyof typeof ISLAND_ROWS}`, string>;

/** The catalog area (src/i18n/catalog.ts). */
export const islandsText = { en: column(0), fr: column(1), es: column(2) };
