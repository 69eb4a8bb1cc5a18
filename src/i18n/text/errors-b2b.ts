/**
 * Error messages of EPP, quick order, pay on terms, spending limits and quotes: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_B2B: readonly (readonly [string, string, string])[] = [
  // EPP
  [
    'Choose a down payment of {{list}} percent.',
    'Choisissez un acompte de {{list}} pour cent.',
    'Elija un enganche de {{list}} por ciento.',
  ],
  ['Choose a term of {{list}} months.', 'Choisissez une durée de {{list}} mois.', 'Elija un plazo de {{list}} meses.'],
  [
    'The down payment must be a whole percent from {{min}} to {{max}}.',
    'L’acompte doit être un pourcentage entier de {{min}} à {{max}}.',
    'El enganche debe ser un porcentaje entero de {{min}} a {{max}}.',
  ],
  [
    'The term must be {{min}} to {{max}} months.',
    'La durée doit être de {{min}} à {{max}} mois.',
    'El plazo debe ser de {{min}} a {{max}} meses.',
  ],
  [
    'Only an EPP administrator may set the EPP fee.',
    'Seul un administrateur du PPP peut fixer les frais du PPP.',
    'Solo un administrador del PPE puede fijar el cargo del PPE.',
  ],
  [
    'The Extended Payment Program is not available in this store.',
    'Le programme de paiement prolongé n’est pas offert dans cette boutique.',
    'El Programa de Pagos Extendidos no está disponible en esta tienda.',
  ],
  [
    'The promotional plan does not apply to these items.',
    'Le plan promotionnel ne s’applique pas à ces articles.',
    'El plan promocional no aplica a estos artículos.',
  ],
  ['subtotalOnly must be 1 or 0.', 'subtotalOnly doit valoir 1 ou 0.', 'subtotalOnly debe ser 1 o 0.'],
  ['plan must be standard or promo.', 'plan doit valoir standard ou promo.', 'plan debe ser standard o promo.'],
  [
    'epp_plan must be standard or promo.',
    'epp_plan doit valoir standard ou promo.',
    'epp_plan debe ser standard o promo.',
  ],
  // quick order
  [
    'Send the lines as text, or as a list of part numbers and quantities.',
    'Envoyez les lignes en texte, ou en liste de numéros de pièce et de quantités.',
    'Envíe las líneas como texto, o como una lista de números de pieza y cantidades.',
  ],
  [
    'Paste or type at least one part number.',
    'Collez ou tapez au moins un numéro de pièce.',
    'Pegue o escriba al menos un número de pieza.',
  ],
  [
    'A quick order takes at most {{max}} lines.',
    'Une commande rapide compte au plus {{max}} lignes.',
    'Un pedido rápido admite como máximo {{max}} líneas.',
  ],
  [
    'That is too much text for one quick order.',
    'C’est trop de texte pour une commande rapide.',
    'Es demasiado texto para un pedido rápido.',
  ],
  [
    'Send exactly one of orderId, productId or demoTotal.',
    'Envoyez exactement un seul de orderId, productId ou demoTotal.',
    'Envíe exactamente uno de orderId, productId o demoTotal.',
  ],
  ['Enter a date such as 05/13/27.', 'Entrez une date comme 05/13/27.', 'Ingrese una fecha como 05/13/27.'],
  [
    'Choose today or a later date.',
    'Choisissez aujourd’hui ou une date ultérieure.',
    'Elija hoy o una fecha posterior.',
  ],
  [
    'Choose a date within the next 21 years.',
    'Choisissez une date dans les 21 prochaines années.',
    'Elija una fecha dentro de los próximos 21 años.',
  ],
  // pay on terms
  [
    'Your organisation cannot pay by invoice. Choose another payment method.',
    'Votre organisation ne peut pas payer par facture. Choisissez un autre mode de paiement.',
    'Su organización no puede pagar con factura. Elija otro método de pago.',
  ],
  [
    'This order would take your organisation past its credit limit. Choose another payment method, or pay open invoices first.',
    'Cette commande ferait dépasser à votre organisation sa limite de crédit. Choisissez un autre mode de paiement, ou réglez d’abord les factures ouvertes.',
    'Este pedido haría que su organización superara su límite de crédito. Elija otro método de pago, o pague primero las facturas abiertas.',
  ],
  [
    'An invoice is not paid with a saved payment method.',
    'Une facture ne se paie pas avec un mode de paiement enregistré.',
    'Una factura no se paga con un método de pago guardado.',
  ],
  [
    'This customer does not belong to an organisation.',
    'Ce client n’appartient à aucune organisation.',
    'Este cliente no pertenece a ninguna organización.',
  ],
  [
    'Choose no terms, net 15, net 30 or net 60.',
    'Choisissez aucune condition, net 15, net 30 ou net 60.',
    'Elija sin condiciones, neto 15, neto 30 o neto 60.',
  ],
  [
    'Enter a credit limit of 0 or more, such as 5000.00.',
    'Entrez une limite de crédit de 0 ou plus, par exemple 5000.00.',
    'Ingrese un límite de crédito de 0 o más, por ejemplo 5000.00.',
  ],
  ['Organisation not found.', 'Organisation introuvable.', 'Organización no encontrada.'],
  // spending limits and approval
  [
    'This cart is waiting for approval.',
    'Ce panier attend une approbation.',
    'Este carrito está en espera de aprobación.',
  ],
  [
    'Choose check or invoice to send this order for approval.',
    'Choisissez le chèque ou la facture pour envoyer cette commande en approbation.',
    'Elija cheque o factura para enviar este pedido a aprobación.',
  ],
  [
    'Nobody in your organisation can approve this order yet: ask your organisation’s administrator to name an approver.',
    'Personne dans votre organisation ne peut encore approuver cette commande : demandez à l’administrateur de votre organisation de désigner un approbateur.',
    'Nadie en su organización puede aprobar este pedido todavía: pida al administrador de su organización que designe un aprobador.',
  ],
  [
    'Enter a limit of 0 or more, such as 2500.00, or leave it empty for no limit.',
    'Entrez une limite de 0 ou plus, par exemple 2500.00, ou laissez vide pour aucune limite.',
    'Ingrese un límite de 0 o más, por ejemplo 2500.00, o déjelo vacío para no tener límite.',
  ],
  ['Choose month or quarter.', 'Choisissez mois ou trimestre.', 'Elija mes o trimestre.'],
  ['Give a reason for the rejection.', 'Donnez une raison au refus.', 'Indique un motivo para el rechazo.'],
  [
    'Keep the reason under 500 characters.',
    'Gardez la raison sous 500 caractères.',
    'Mantenga el motivo por debajo de 500 caracteres.',
  ],
  ['This request was already decided.', 'Cette demande a déjà été décidée.', 'Esta solicitud ya fue decidida.'],
  [
    'You cannot approve your own order.',
    'Vous ne pouvez pas approuver votre propre commande.',
    'No puede aprobar su propio pedido.',
  ],
  // Quotes
  [
    'Write a message of 1 to 2000 characters.',
    'Écrivez un message de 1 à 2000 caractères.',
    'Escriba un mensaje de 1 a 2000 caracteres.',
  ],
  [
    'Enter the expiry date as YYYY-MM-DD.',
    'Entrez la date d’expiration au format AAAA-MM-JJ.',
    'Ingrese la fecha de vencimiento como AAAA-MM-DD.',
  ],
  [
    'Choose an expiry date after today.',
    'Choisissez une date d’expiration après aujourd’hui.',
    'Elija una fecha de vencimiento posterior a hoy.',
  ],
  [
    'Choose an expiry date within 90 days.',
    'Choisissez une date d’expiration dans les 90 jours.',
    'Elija una fecha de vencimiento dentro de 90 días.',
  ],
  [
    'Your cart is empty: add products before asking for a quote.',
    'Votre panier est vide : ajoutez des produits avant de demander une soumission.',
    'Su carrito está vacío: agregue productos antes de pedir una cotización.',
  ],
  ['This quote is closed.', 'Cette soumission est close.', 'Esta cotización está cerrada.'],
  [
    'There is no offer to answer yet.',
    'Il n’y a pas encore d’offre à laquelle répondre.',
    'Aún no hay ninguna oferta que responder.',
  ],
  [
    'This offer has expired: ask us for a new quote.',
    'Cette offre a expiré : demandez-nous une nouvelle soumission.',
    'Esta oferta venció: pídanos una nueva cotización.',
  ],
  [
    'Enter a unit price of 0 or more with at most 2 decimals, such as 129.50.',
    'Entrez un prix unitaire de 0 ou plus avec au plus 2 décimales, comme 129.50.',
    'Ingrese un precio unitario de 0 o más con a lo sumo 2 decimales, como 129.50.',
  ],
  [
    'This order is over your spending limit: your organisation’s approver can accept this quote.',
    'Cette commande dépasse votre limite de dépenses : l’approbateur de votre organisation peut accepter cette soumission.',
    'Este pedido supera su límite de gasto: el aprobador de su organización puede aceptar esta cotización.',
  ],
];
