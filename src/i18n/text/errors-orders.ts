/**
 * Error messages of orders, refunds, shipping, tax and fees: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_ORDERS: readonly (readonly [string, string, string])[] = [
  // orders, order API, payments, refunds
  ['Order not found.', 'Commande introuvable.', 'Pedido no encontrado.'],
  ['That order was not found.', 'Cette commande est introuvable.', 'No se encontró ese pedido.'],
  ['Person not found.', 'Personne introuvable.', 'Persona no encontrada.'],
  ['This order has already been submitted.', 'Cette commande a déjà été soumise.', 'Este pedido ya se envió.'],
  ['An order requires line items', 'Une commande exige des lignes d’articles', 'Un pedido requiere artículos'],
  [
    'line_items must list every line the order keeps.',
    'line_items doit énumérer chaque ligne que la commande conserve.',
    'line_items debe listar cada línea que conserva el pedido.',
  ],
  ['At most 200 lines.', 'Au plus 200 lignes.', 'Como máximo 200 líneas.'],
  [
    'You do not have permission to change orders.',
    'Vous n’avez pas la permission de modifier les commandes.',
    'No tiene permiso para cambiar pedidos.',
  ],
  [
    'Some lines cannot be saved as sent.',
    'Certaines lignes ne peuvent pas être enregistrées telles quelles.',
    'Algunas líneas no se pueden guardar como se enviaron.',
  ],
  [
    '“{{title}}” has payments on it and cannot be removed.',
    '« {{title}} » a des paiements et ne peut pas être retiré.',
    '“{{title}}” tiene pagos y no se puede quitar.',
  ],
  [
    'Line not found on this order.',
    'Ligne introuvable dans cette commande.',
    'No se encontró la línea en este pedido.',
  ],
  [
    'Payment not found on this order.',
    'Paiement introuvable dans cette commande.',
    'No se encontró el pago en este pedido.',
  ],
  ['Payment not found.', 'Paiement introuvable.', 'Pago no encontrado.'],
  [
    'This order was changed by someone else after you opened it. Reload the order to see the latest version, then make your change again.',
    'Cette commande a été modifiée par quelqu’un d’autre après son ouverture. Rechargez la commande pour voir la dernière version, puis refaites votre modification.',
    'Otra persona cambió este pedido después de que usted lo abrió. Vuelva a cargar el pedido para ver la versión más reciente y haga su cambio de nuevo.',
  ],
  [
    'The order is at version {{current}}, not {{sent}}.',
    'La commande est à la version {{current}}, pas {{sent}}.',
    'El pedido está en la versión {{current}}, no {{sent}}.',
  ],
  [
    '“{{title}}” cannot cost less than the {{paid}} already paid on it.',
    '« {{title}} » ne peut pas coûter moins que les {{paid}} déjà payés.',
    '“{{title}}” no puede costar menos que los {{paid}} ya pagados.',
  ],
  ['Less than already paid.', 'Moins que le montant déjà payé.', 'Menos de lo ya pagado.'],
  ['Use a date such as 2026-05-31.', 'Utilisez une date comme 2026-05-31.', 'Use una fecha como 2026-05-31.'],
  ['Not a calendar date.', 'Ce n’est pas une date du calendrier.', 'No es una fecha del calendario.'],
  [
    'An order number is a whole number.',
    'Un numéro de commande est un nombre entier.',
    'Un número de pedido es un número entero.',
  ],
  ['Tick the box or leave it.', 'Cochez la case ou laissez-la vide.', 'Marque la casilla o déjela.'],
  [
    'The start date is after the end date.',
    'La date de début est après la date de fin.',
    'La fecha de inicio es posterior a la fecha de fin.',
  ],
  ['Enter an amount such as 125.50.', 'Entrez un montant comme 125.50.', 'Ingrese un monto como 125.50.'],
  [
    'The idempotency key is 8 to 80 letters, digits, - or _.',
    'La clé d’idempotence compte de 8 à 80 lettres, chiffres, - ou _.',
    'La clave de idempotencia tiene de 8 a 80 letras, dígitos, - o _.',
  ],
  [
    'The payment must be more than zero.',
    'Le paiement doit être supérieur à zéro.',
    'El pago debe ser mayor que cero.',
  ],
  [
    'A line cannot be assigned more than it still owes.',
    'Une ligne ne peut pas recevoir plus que ce qu’elle doit encore.',
    'A una línea no se le puede asignar más de lo que aún debe.',
  ],
  [
    'A payment can only go to a line of this order that still owes money.',
    'Un paiement ne peut aller qu’à une ligne de cette commande qui doit encore de l’argent.',
    'Un pago solo puede ir a una línea de este pedido que aún debe dinero.',
  ],
  [
    'The amounts assigned to lines and fees must add up to the payment.',
    'Les montants attribués aux lignes et aux frais doivent totaliser le paiement.',
    'Los montos asignados a líneas y cargos deben sumar el pago.',
  ],
  [
    'You do not have permission to take payments.',
    'Vous n’avez pas la permission de recevoir des paiements.',
    'No tiene permiso para recibir pagos.',
  ],
  [
    'A fee is not an unpaid fee of this order.',
    'Des frais ne sont pas des frais impayés de cette commande.',
    'Un cargo no es un cargo pendiente de este pedido.',
  ],
  [
    'Not an unpaid fee of this order.',
    'Pas des frais impayés de cette commande.',
    'No es un cargo pendiente de este pedido.',
  ],
  [
    'Each line may appear once in allocations.',
    'Chaque ligne ne peut figurer qu’une fois dans les répartitions.',
    'Cada línea puede aparecer una sola vez en las asignaciones.',
  ],
  ['Each line once.', 'Chaque ligne une seule fois.', 'Cada línea una sola vez.'],
  // payments over shipping, tax and fees
  [
    'A payment cannot put more on shipping, tax or a fee than it still owes.',
    'Un paiement ne peut pas mettre sur la livraison, les taxes ou des frais plus que ce qui reste dû.',
    'Un pago no puede poner en el envío, los impuestos o un cargo más de lo que aún se debe.',
  ],
  [
    'A payment can only go to a line, fee, shipping or tax of this order that still owes money.',
    'Un paiement ne peut aller qu’à une ligne, des frais, la livraison ou une taxe de cette commande qui doit encore de l’argent.',
    'Un pago solo puede ir a una línea, un cargo, el envío o un impuesto de este pedido que aún debe dinero.',
  ],
  [
    'Each line, fee, shipping or tax may appear once in allocations.',
    'Chaque ligne, frais, livraison ou taxe ne peut figurer qu’une fois dans les répartitions.',
    'Cada línea, cargo, envío o impuesto puede aparecer una sola vez en las asignaciones.',
  ],
  [
    'The amounts assigned to lines, fees, shipping and tax must add up to the payment.',
    'Les montants attribués aux lignes, aux frais, à la livraison et aux taxes doivent totaliser le paiement.',
    'Los montos asignados a líneas, cargos, envío e impuestos deben sumar el pago.',
  ],
  [
    'The payment is more than the order still owes ({{owed}}).',
    'Le paiement dépasse ce que la commande doit encore ({{owed}}).',
    'El pago es mayor de lo que el pedido aún debe ({{owed}}).',
  ],
  [
    'An allocation is of type 0 (a line), 1 (a fee), 2 (the shipping) or 3 (a tax).',
    'Une répartition est de type 0 (une ligne), 1 (des frais), 2 (la livraison) ou 3 (une taxe).',
    'Una asignación es de tipo 0 (una línea), 1 (un cargo), 2 (el envío) o 3 (un impuesto).',
  ],
  [
    'Name the line (order_line_item_id).',
    'Indiquez la ligne (order_line_item_id).',
    'Indique la línea (order_line_item_id).',
  ],
  ['Name the fee (fee_id).', 'Indiquez les frais (fee_id).', 'Indique el cargo (fee_id).'],
  ['Name the tax (tax_name).', 'Indiquez la taxe (tax_name).', 'Indique el impuesto (tax_name).'],
  [
    'Only card payments are refunded through the card provider.',
    'Seuls les paiements par carte sont remboursés par le fournisseur de cartes.',
    'Solo los pagos con tarjeta se reembolsan mediante el proveedor de tarjetas.',
  ],
  [
    'A refund cannot be more than what is left to refund on this payment ({{left}}).',
    'Un remboursement ne peut pas dépasser ce qui reste à rembourser sur ce paiement ({{left}}).',
    'Un reembolso no puede superar lo que queda por reembolsar de este pago ({{left}}).',
  ],
  [
    'The refund must be more than zero.',
    'Le remboursement doit être supérieur à zéro.',
    'El reembolso debe ser mayor que cero.',
  ],
  [
    'You do not have permission to refund payments.',
    'Vous n’avez pas la permission de rembourser des paiements.',
    'No tiene permiso para reembolsar pagos.',
  ],
  ['Name the container.', 'Nommez le contenant.', 'Ponga nombre al contenedor.'],
  ['Enter a number of units.', 'Entrez un nombre d’unités.', 'Ingrese un número de unidades.'],
  ['Enter a whole number of units.', 'Entrez un nombre entier d’unités.', 'Ingrese un número entero de unidades.'],
  ['Enter 0 or more units.', 'Entrez 0 unité ou plus.', 'Ingrese 0 unidades o más.'],
  ['At most 999 units.', 'Au plus 999 unités.', 'Como máximo 999 unidades.'],
  [
    'That line is not on this order.',
    'Cette ligne ne fait pas partie de cette commande.',
    'Esa línea no está en este pedido.',
  ],
  [
    'That container is not on this order.',
    'Ce contenant ne fait pas partie de cette commande.',
    'Ese contenedor no está en este pedido.',
  ],
  [
    'A line can only go into a container of the warehouse it ships from.',
    'Une ligne ne peut aller que dans un contenant de l’entrepôt d’où elle est expédiée.',
    'Una línea solo puede ir en un contenedor del almacén desde el que se envía.',
  ],
  [
    'Enter a whole number of units from 1.',
    'Entrez un nombre entier d’unités à partir de 1.',
    'Ingrese un número entero de unidades desde 1.',
  ],
  [
    'That is more units than the line has left to pack.',
    'C’est plus d’unités qu’il n’en reste à emballer pour cette ligne.',
    'Son más unidades de las que le quedan por empacar a la línea.',
  ],
  [
    'No line of this order ships from that warehouse.',
    'Aucune ligne de cette commande n’est expédiée de cet entrepôt.',
    'Ninguna línea de este pedido se envía desde ese almacén.',
  ],
  [
    'No line ships from this warehouse.',
    'Aucune ligne n’est expédiée de cet entrepôt.',
    'Ninguna línea se envía desde este almacén.',
  ],
];
