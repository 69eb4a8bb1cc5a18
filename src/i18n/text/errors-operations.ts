/**
 * Error messages of reports, dashboard, customers, logs, warehouses and webhooks: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_OPERATIONS: readonly (readonly [string, string, string])[] = [
  // reports, dashboard, customers, logs
  ['Choose a period from the list.', 'Choisissez une période dans la liste.', 'Elija un periodo de la lista.'],
  ['Choose a channel from the list.', 'Choisissez un canal dans la liste.', 'Elija un canal de la lista.'],
  ['Choose a service from the list.', 'Choisissez un service dans la liste.', 'Elija un servicio de la lista.'],
  [
    'Choose a grouping from the list.',
    'Choisissez un regroupement dans la liste.',
    'Elija una agrupación de la lista.',
  ],
  [
    'Keep the customer search under 120 characters.',
    'La recherche de client doit faire moins de 120 caractères.',
    'La búsqueda de clientes debe tener menos de 120 caracteres.',
  ],
  ['Page must be a number.', 'La page doit être un nombre.', 'La página debe ser un número.'],
  ['Page must be a whole number.', 'La page doit être un nombre entier.', 'La página debe ser un número entero.'],
  ['Page must be 1 or more.', 'La page doit être 1 ou plus.', 'La página debe ser 1 o más.'],
  ['Page is too large.', 'Le numéro de page est trop grand.', 'El número de página es demasiado grande.'],
  [
    'To: dates may be at most 21 years ahead.',
    'Au : les dates peuvent être au plus 21 ans dans le futur.',
    'Hasta: las fechas pueden ser como máximo 21 años en el futuro.',
  ],
  ['From must be on or before To.', 'Du doit être égal ou antérieur à Au.', 'Desde debe ser igual o anterior a Hasta.'],
  ['Unknown sort column.', 'Colonne de tri inconnue.', 'Columna de orden desconocida.'],
  ['Sort asc or desc.', 'Triez par asc ou desc.', 'Ordene por asc o desc.'],
  ['Search for at most 100 characters.', 'Recherchez au plus 100 caractères.', 'Busque como máximo 100 caracteres.'],
  ['Who: at most 254 characters.', 'Qui : au plus 254 caractères.', 'Quién: como máximo 254 caracteres.'],
  ['What: at most 60 characters.', 'Quoi : au plus 60 caractères.', 'Qué: como máximo 60 caracteres.'],
  [
    'What: an action such as order.update or webhook.',
    'Quoi : une action comme order.update ou webhook.',
    'Qué: una acción como order.update o webhook.',
  ],
  [
    'Choose a kind of entry from the list.',
    'Choisissez un type d’entrée dans la liste.',
    'Elija un tipo de entrada de la lista.',
  ],
  ['Choose a level from the list.', 'Choisissez un niveau dans la liste.', 'Elija un nivel de la lista.'],
  // warehouses
  [
    'You may only manage your own warehouse’s stock.',
    'Vous ne pouvez gérer que le stock de votre propre entrepôt.',
    'Solo puede administrar el inventario de su propio almacén.',
  ],
  ['No such warehouse.', 'Cet entrepôt n’existe pas.', 'Ese almacén no existe.'],
  [
    'No such warehouse in this organisation.',
    'Cet entrepôt n’existe pas dans cette organisation.',
    'Ese almacén no existe en esta organización.',
  ],
  ['Stock cannot be negative.', 'Le stock ne peut pas être négatif.', 'El inventario no puede ser negativo.'],
  [
    'Give the warehouse a short code, e.g. US-DSM.',
    'Donnez un code court à l’entrepôt, p. ex. US-DSM.',
    'Dé al almacén un código corto, p. ej. US-DSM.',
  ],
  [
    'Letters, digits and hyphens only.',
    'Lettres, chiffres et traits d’union seulement.',
    'Solo letras, dígitos y guiones.',
  ],
  ['Choose a product.', 'Choisissez un produit.', 'Elija un producto.'],
  [
    'Paste the counts or choose a CSV file.',
    'Collez les quantités ou choisissez un fichier CSV.',
    'Pegue las cantidades o elija un archivo CSV.',
  ],
  ['At most 1 MB of CSV.', 'Au plus 1 Mo de CSV.', 'Como máximo 1 MB de CSV.'],
  ['stockcode is required.', 'stockcode est requis.', 'stockcode es obligatorio.'],
  ['Send at least one item.', 'Envoyez au moins un article.', 'Envíe al menos un artículo.'],
  ['At most 5000 items.', 'Au plus 5000 articles.', 'Como máximo 5000 artículos.'],
  ['Not a warehouse.', 'Ce n’est pas un entrepôt.', 'No es un almacén.'],
  ['Not an organisation.', 'Ce n’est pas une organisation.', 'No es una organización.'],
  [
    'Another warehouse already uses this code.',
    'Un autre entrepôt utilise déjà ce code.',
    'Otro almacén ya usa este código.',
  ],
  ['The CSV cannot be read.', 'Le CSV est illisible.', 'No se puede leer el CSV.'],
  ['The CSV has no rows.', 'Le CSV n’a aucune ligne.', 'El CSV no tiene filas.'],
  [
    'Put one “stockcode,quantity” per line.',
    'Mettez un « stockcode,quantity » par ligne.',
    'Ponga un “stockcode,quantity” por línea.',
  ],
  ['At most 5000 rows at a time.', 'Au plus 5000 lignes à la fois.', 'Como máximo 5000 filas a la vez.'],
  ['At most 5000 rows.', 'Au plus 5000 lignes.', 'Como máximo 5000 filas.'],
  [
    'Fix the rows with errors first.',
    'Corrigez d’abord les lignes qui ont des erreurs.',
    'Primero corrija las filas con errores.',
  ],
  // webhooks
  ['That webhook does not exist.', 'Ce webhook n’existe pas.', 'Ese webhook no existe.'],
  ['That delivery does not exist.', 'Cette livraison n’existe pas.', 'Esa entrega no existe.'],
  ['Enter the URL to deliver to.', 'Entrez l’URL de livraison.', 'Ingrese la URL de entrega.'],
  [
    'A URL has at most 2000 characters.',
    'Une URL compte au plus 2000 caractères.',
    'Una URL tiene como máximo 2000 caracteres.',
  ],
  ['Choose events from the list.', 'Choisissez des événements dans la liste.', 'Elija eventos de la lista.'],
  ['Choose at least one event.', 'Choisissez au moins un événement.', 'Elija al menos un evento.'],
  [
    'Only a failed delivery can be replayed.',
    'Seule une livraison échouée peut être relancée.',
    'Solo se puede reenviar una entrega fallida.',
  ],
  [
    'Enter a full http:// or https:// URL without a user name or password.',
    'Entrez une URL complète http:// ou https:// sans nom d’utilisateur ni mot de passe.',
    'Ingrese una URL completa http:// o https:// sin usuario ni contraseña.',
  ],
  ['The webhook is inactive.', 'Le webhook est inactif.', 'El webhook está inactivo.'],
];
