/** Split shipment at checkout (back-ordered units), and a warehouse's lead time for back orders. */
const en = {
  'split.legend': 'Some of your parts are back-ordered. How should we ship?',
  'split.together': 'Ship everything together when all of it is in',
  'split.split': 'Ship what is in stock now, the rest when it arrives',
  'split.hint': 'Shipping costs the same either way.',
  'split.saving': 'Saving your choice…',
  'split.placed.split': 'Ships in parts: what is in stock now, the rest when it arrives.',
  'split.placed.together': 'Ships together around {{date}}.',
  'split.placed.togetherNoDate': 'Ships together when all of it is in.',
  'lead.title': 'Lead time for back orders',
  'lead.intro':
    'Days a back-ordered part takes to arrive here when no restock is expected. Leave empty when not known.',
  'lead.label': 'Lead time for back orders (days)',
  'lead.save': 'Save lead time',
  'lead.saved': 'Lead time of {{name}}: {{days}}.',
  'lead.none': 'none',
  'log.action.warehouse.lead_time': 'Warehouse lead time changed',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'split.legend': 'Certaines de vos pièces sont en commande. Comment devons-nous expédier ?',
  'split.together': 'Tout expédier ensemble quand tout est arrivé',
  'split.split': 'Expédier maintenant ce qui est en stock, le reste à son arrivée',
  'split.hint': 'L’expédition coûte le même prix dans les deux cas.',
  'split.saving': 'Enregistrement de votre choix…',
  'split.placed.split': 'Expédiée en plusieurs fois : ce qui est en stock maintenant, le reste à son arrivée.',
  'split.placed.together': 'Expédiée en une fois vers le {{date}}.',
  'split.placed.togetherNoDate': 'Expédiée en une fois quand tout sera arrivé.',
  'lead.title': 'Délai pour les commandes en attente',
  'lead.intro':
    'Jours qu’une pièce en commande met à arriver ici quand aucun réapprovisionnement n’est prévu. Laissez vide s’il n’est pas connu.',
  'lead.label': 'Délai pour les commandes en attente (jours)',
  'lead.save': 'Enregistrer le délai',
  'lead.saved': 'Délai de {{name}} : {{days}}.',
  'lead.none': 'aucun',
  'log.action.warehouse.lead_time': 'Délai de l’entrepôt modifié',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'split.legend': 'Algunas de sus piezas están pendientes. ¿Cómo enviamos?',
  'split.together': 'Enviar todo junto cuando haya llegado todo',
  'split.split': 'Enviar ahora lo que hay en existencia y el resto cuando llegue',
  'split.hint': 'El envío cuesta lo mismo en ambos casos.',
  'split.saving': 'Guardando su elección…',
  'split.placed.split': 'Se envía en partes: lo que hay en existencia ahora, el resto cuando llegue.',
  'split.placed.together': 'Se envía todo junto alrededor del {{date}}.',
  'split.placed.togetherNoDate': 'Se envía todo junto cuando haya llegado todo.',
  'lead.title': 'Plazo para pedidos pendientes',
  'lead.intro':
    'Días que tarda en llegar aquí una pieza pendiente cuando no hay reabastecimiento previsto. Déjelo vacío si no se conoce.',
  'lead.label': 'Plazo para pedidos pendientes (días)',
  'lead.save': 'Guardar plazo',
  'lead.saved': 'Plazo de {{name}}: {{days}}.',
  'lead.none': 'ninguno',
  'log.action.warehouse.lead_time': 'Plazo del almacén cambiado',
};

export const splitShipText = { en, fr, es };

/** The keys the checkout island reads. */
export const SPLIT_SHIP_ISLAND_KEYS = [
  'split.legend',
  'split.together',
  'split.split',
  'split.hint',
  'split.saving',
] as const;

/** Error messages of the split choice and the lead time: [English, French, Spanish]. */
export const ERROR_ROWS_SPLIT_SHIP: readonly (readonly [string, string, string])[] = [
  [
    'Say whether to ship in parts or all together.',
    'Indiquez s’il faut expédier en plusieurs fois ou en une fois.',
    'Indique si se envía en partes o todo junto.',
  ],
  [
    'Enter a whole number of days from 0 to 365, or leave it empty.',
    'Saisissez un nombre entier de jours de 0 à 365, ou laissez vide.',
    'Escriba un número entero de días de 0 a 365, o déjelo vacío.',
  ],
];
