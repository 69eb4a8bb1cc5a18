/** "Machine down": the checkout box, the confirmation, and the staff's badge, filter and count. */
const en = {
  'md.checkout.label': 'Machine down — my machine is stopped; ship by the fastest way',
  'md.checkout.hint':
    'We then offer only the fastest shipping from each warehouse (it may cost more), our staff handle your order first, and its parts get stock before other orders.',
  'md.checkout.updating': 'Finding the fastest shipping…',
  'md.badge': 'Machine down',
  'md.placed': 'Machine down: your order ships by the fastest way and our staff handle it first.',
  'md.filter': 'Machine down only',
  'md.detail': 'Machine down: the customer’s machine is stopped (marked {{date}}). Ship by the fastest way.',
  'md.dashboard': 'Machine-down orders open',
  'md.allocate.title': 'Stock came in? Hand it to the waiting orders',
  'md.allocate.hint': 'Machine-down orders are served first, then the longest waiting; each line whole.',
  'md.allocate.warehouse': 'Warehouse',
  'md.allocate.part': 'Part number',
  'md.allocate.submit': 'Allocate stock',
  'log.action.inventory.allocate': 'Stock allocated to waiting orders',
  'md.allocated': 'Lines served: {{served}} ({{down}} machine down). Lines still waiting: {{waiting}}.',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'md.checkout.label': 'Machine en panne — ma machine est arrêtée ; expédier par le moyen le plus rapide',
  'md.checkout.hint':
    'Nous n’offrons alors que l’expédition la plus rapide de chaque entrepôt (elle peut coûter plus cher), notre équipe traite votre commande en premier et ses pièces sont servies avant les autres commandes.',
  'md.checkout.updating': 'Recherche de l’expédition la plus rapide…',
  'md.badge': 'Machine en panne',
  'md.placed':
    'Machine en panne : votre commande part par le moyen le plus rapide et notre équipe la traite en premier.',
  'md.filter': 'Machines en panne seulement',
  'md.detail':
    'Machine en panne : la machine du client est arrêtée (signalé le {{date}}). Expédier par le moyen le plus rapide.',
  'md.dashboard': 'Commandes « machine en panne » ouvertes',
  'md.allocate.title': 'Du stock est arrivé? Servez les commandes en attente',
  'md.allocate.hint':
    'Les commandes « machine en panne » sont servies en premier, puis les plus anciennes; chaque ligne en entier.',
  'md.allocate.warehouse': 'Entrepôt',
  'md.allocate.part': 'Numéro de pièce',
  'md.allocate.submit': 'Attribuer le stock',
  'log.action.inventory.allocate': 'Stock attribué aux commandes en attente',
  'md.allocated':
    'Lignes servies : {{served}} (dont {{down}} machine en panne). Lignes encore en attente : {{waiting}}.',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'md.checkout.label': 'Máquina parada — mi máquina está detenida; enviar por la vía más rápida',
  'md.checkout.hint':
    'Entonces solo ofrecemos el envío más rápido de cada almacén (puede costar más), nuestro personal atiende su pedido primero y sus piezas reciben existencias antes que otros pedidos.',
  'md.checkout.updating': 'Buscando el envío más rápido…',
  'md.badge': 'Máquina parada',
  'md.placed': 'Máquina parada: su pedido se envía por la vía más rápida y nuestro personal lo atiende primero.',
  'md.filter': 'Solo máquinas paradas',
  'md.detail':
    'Máquina parada: la máquina del cliente está detenida (marcado el {{date}}). Enviar por la vía más rápida.',
  'md.dashboard': 'Pedidos de máquina parada abiertos',
  'md.allocate.title': '¿Llegaron existencias? Asígnelas a los pedidos en espera',
  'md.allocate.hint':
    'Los pedidos de máquina parada se atienden primero, luego los que llevan más tiempo esperando; cada línea completa.',
  'md.allocate.warehouse': 'Almacén',
  'md.allocate.part': 'Número de pieza',
  'md.allocate.submit': 'Asignar existencias',
  'log.action.inventory.allocate': 'Existencias asignadas a pedidos en espera',
  'md.allocated': 'Líneas atendidas: {{served}} ({{down}} de máquina parada). Líneas aún en espera: {{waiting}}.',
};

export const machineDownText = { en, fr, es };

/** The keys the checkout island reads. */
export const MACHINE_DOWN_ISLAND_KEYS = ['md.checkout.label', 'md.checkout.hint', 'md.checkout.updating'] as const;

/** Error messages of the machine-down box: [English, French, Spanish]. */
export const ERROR_ROWS_MACHINE_DOWN: readonly (readonly [string, string, string])[] = [
  [
    'Say whether your machine is down.',
    'Indiquez si votre machine est en panne.',
    'Indique si su máquina está parada.',
  ],
  ['Choose a warehouse.', 'Choisissez un entrepôt.', 'Elija un almacén.'],
  ['Enter a part number.', 'Saisissez un numéro de pièce.', 'Escriba un número de pieza.'],
  [
    'That warehouse holds no stock of that part number.',
    'Cet entrepôt n’a aucun stock de ce numéro de pièce.',
    'Ese almacén no tiene existencias de ese número de pieza.',
  ],
];
