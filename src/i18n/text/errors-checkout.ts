/**
 * Error messages of checkout and payments in flight: [English, French, Spanish].
 * Same rules as src/i18n/text/errors.ts (split by area to keep each file short).
 */
export const ERROR_ROWS_CHECKOUT: readonly (readonly [string, string, string])[] = [
  // checkout
  [
    'An account with this email already exists. Please sign in to check out.',
    'Un compte existe déjà avec ce courriel. Veuillez vous connecter pour passer la commande.',
    'Ya existe una cuenta con este correo electrónico. Inicie sesión para pagar.',
  ],
  ['Your cart was not found.', 'Votre panier est introuvable.', 'No se encontró su carrito.'],
  ['Your cart is empty.', 'Votre panier est vide.', 'Su carrito está vacío.'],
  [
    'Choose one of your saved addresses.',
    'Choisissez l’une de vos adresses enregistrées.',
    'Elija una de sus direcciones guardadas.',
  ],
  ['Enter the shipping address.', 'Entrez l’adresse de livraison.', 'Ingrese la dirección de envío.'],
  [
    'Tax exemption is not available in this store.',
    'L’exonération de taxes n’est pas offerte dans cette boutique.',
    'La exención de impuestos no está disponible en esta tienda.',
  ],
  [
    'Tax exemption is not available in this channel.',
    'L’exonération de taxes n’est pas offerte dans ce canal.',
    'La exención de impuestos no está disponible en este canal.',
  ],
  ['Not available in this channel.', 'Non offert dans ce canal.', 'No disponible en este canal.'],
  [
    'Your organisation does not allow this account to buy tax exempt.',
    'Votre organisation ne permet pas à ce compte d’acheter en exonération de taxes.',
    'Su organización no permite que esta cuenta compre con exención de impuestos.',
  ],
  ['This order has already been placed.', 'Cette commande a déjà été passée.', 'Este pedido ya se realizó.'],
  [
    'Your store changed since you reviewed the order. Please review it again.',
    'Votre boutique a changé depuis que vous avez vérifié la commande. Veuillez la vérifier de nouveau.',
    'Su tienda cambió desde que revisó el pedido. Revíselo de nuevo.',
  ],
  [
    'Your shipping address is not served by this store.',
    'Votre adresse de livraison n’est pas desservie par cette boutique.',
    'Su dirección de envío no es atendida por esta tienda.',
  ],
  [
    'Please choose your shipping method again: the quotes expired or stock moved between warehouses.',
    'Veuillez choisir de nouveau votre mode de livraison : les tarifs ont expiré ou le stock a changé d’entrepôt.',
    'Elija de nuevo su método de envío: las cotizaciones vencieron o el inventario cambió de almacén.',
  ],
  [
    'Your shipping address changed after shipping was quoted. Please review your order and choose your shipping method again.',
    'Votre adresse de livraison a changé après le calcul des frais de livraison. Veuillez vérifier votre commande et choisir de nouveau votre mode de livraison.',
    'Su dirección de envío cambió después de cotizar el envío. Revise su pedido y elija de nuevo su método de envío.',
  ],
  [
    'Bank payments are not available right now.',
    'Les paiements bancaires ne sont pas offerts pour le moment.',
    'Los pagos bancarios no están disponibles en este momento.',
  ],
  [
    'This Idempotency-Key was already used for a different request.',
    'Cette Idempotency-Key a déjà servi pour une autre requête.',
    'Esta Idempotency-Key ya se usó para otra solicitud.',
  ],
  ['No country selected', 'Aucun pays sélectionné', 'Ningún país seleccionado'],
  ['Type at least 3 characters.', 'Tapez au moins 3 caractères.', 'Escriba al menos 3 caracteres.'],
  [
    'You are signed in: choose one of your addresses or add a new one.',
    'Vous êtes connecté : choisissez l’une de vos adresses ou ajoutez-en une.',
    'Ha iniciado sesión: elija una de sus direcciones o agregue una nueva.',
  ],
  ['You are signed in.', 'Vous êtes connecté.', 'Ha iniciado sesión.'],
  ['That is not your open order.', 'Ce n’est pas votre commande en cours.', 'Ese no es su pedido abierto.'],
  ['Choose a business type.', 'Choisissez un type d’entreprise.', 'Elija un tipo de negocio.'],
  [
    'Please sign in to use your saved addresses.',
    'Veuillez vous connecter pour utiliser vos adresses enregistrées.',
    'Inicie sesión para usar sus direcciones guardadas.',
  ],
  ['Choose a shipping method.', 'Choisissez un mode de livraison.', 'Elija un método de envío.'],
  ['Choose an address.', 'Choisissez une adresse.', 'Elija una dirección.'],
  ['Unknown order.', 'Commande inconnue.', 'Pedido desconocido.'],
  ['Choose a payment method.', 'Choisissez un mode de paiement.', 'Elija un método de pago.'],
  ['Choose a saved payment method.', 'Choisissez un mode de paiement enregistré.', 'Elija un método de pago guardado.'],
  ['Check number is too long.', 'Le numéro de chèque est trop long.', 'El número de cheque es demasiado largo.'],
  [
    'PO number is too long.',
    'Le numéro de bon de commande est trop long.',
    'El número de orden de compra es demasiado largo.',
  ],
  [
    'Choose a verified bank account.',
    'Choisissez un compte bancaire vérifié.',
    'Elija una cuenta bancaria verificada.',
  ],
  ['Enter your card details.', 'Entrez les renseignements de votre carte.', 'Ingrese los datos de su tarjeta.'],
  ['Enter the card details.', 'Entrez les renseignements de la carte.', 'Ingrese los datos de la tarjeta.'],
  ['Enter the check number.', 'Entrez le numéro de chèque.', 'Ingrese el número de cheque.'],
  [
    'An Idempotency-Key header is required.',
    'L’en-tête Idempotency-Key est requis.',
    'Se requiere el encabezado Idempotency-Key.',
  ],
  [
    'The Idempotency-Key header must be 8 to 200 characters.',
    'L’en-tête Idempotency-Key doit compter de 8 à 200 caractères.',
    'El encabezado Idempotency-Key debe tener de 8 a 200 caracteres.',
  ],
  [
    'The Idempotency-Key header must be printable ASCII.',
    'L’en-tête Idempotency-Key doit être en ASCII imprimable.',
    'El encabezado Idempotency-Key debe ser ASCII imprimible.',
  ],
  [
    'Choose how you heard about us.',
    'Indiquez comment vous avez entendu parler de nous.',
    'Elija cómo se enteró de nosotros.',
  ],
  ['Rate the checkout from 1 to 5.', 'Évaluez le paiement de 1 à 5.', 'Califique el pago de 1 a 5.'],
  [
    'Keep the comment under 1000 characters.',
    'Le commentaire doit faire moins de 1000 caractères.',
    'El comentario debe tener menos de 1000 caracteres.',
  ],
  [
    'Save this address as the shipping address first.',
    'Enregistrez d’abord cette adresse comme adresse de livraison.',
    'Primero guarde esta dirección como dirección de envío.',
  ],
  [
    'That shipping method is no longer available. Please choose again.',
    'Ce mode de livraison n’est plus offert. Veuillez choisir de nouveau.',
    'Ese método de envío ya no está disponible. Elija de nuevo.',
  ],
  [
    'Choose one shipping method for each warehouse.',
    'Choisissez un mode de livraison pour chaque entrepôt.',
    'Elija un método de envío para cada almacén.',
  ],
  [
    'Enter your customer information first.',
    'Entrez d’abord vos renseignements de client.',
    'Primero ingrese sus datos de cliente.',
  ],
  [
    'This survey was already answered. Thank you!',
    'Ce sondage a déjà été rempli. Merci!',
    'Esta encuesta ya se respondió. ¡Gracias!',
  ],
  [
    'The carrier cannot rate that destination.',
    'Le transporteur ne peut pas établir de tarif pour cette destination.',
    'La transportista no puede cotizar ese destino.',
  ],
  [
    'The carrier answered HTTP {{status}}.',
    'Le transporteur a répondu HTTP {{status}}.',
    'La transportista respondió HTTP {{status}}.',
  ],
  [
    'The carrier sent a response we cannot read.',
    'Le transporteur a envoyé une réponse illisible.',
    'La transportista envió una respuesta que no podemos leer.',
  ],
  ['The carrier could not be reached.', 'Le transporteur est injoignable.', 'No se pudo contactar a la transportista.'],
  [
    'The carrier quoted in {{currency}}, a currency we do not convert.',
    'Le transporteur a donné un tarif en {{currency}}, une devise que nous ne convertissons pas.',
    'La transportista cotizó en {{currency}}, una moneda que no convertimos.',
  ],
  // payments in flight, production without a provider
  [
    'This store does not take this payment method. Choose another.',
    'Cette boutique n’accepte pas ce mode de paiement. Choisissez-en un autre.',
    'Esta tienda no acepta este método de pago. Elija otro.',
  ],
  [
    'Your order changed while the payment was processed. Your payment is being refunded; please review your order.',
    'Votre commande a changé pendant le traitement du paiement. Votre paiement est en cours de remboursement ; veuillez vérifier votre commande.',
    'Su pedido cambió mientras se procesaba el pago. Se está reembolsando su pago; revise su pedido.',
  ],
  ['This payment was not found.', 'Ce paiement est introuvable.', 'No se encontró este pago.'],
  [
    'This payment did not go through. Please try again.',
    'Ce paiement n’a pas abouti. Veuillez réessayer.',
    'Este pago no se realizó. Inténtelo de nuevo.',
  ],
  [
    'The stock held for this order is gone. Your payment is being refunded.',
    'Le stock réservé pour cette commande n’est plus disponible. Votre paiement est en cours de remboursement.',
    'Ya no hay el inventario reservado para este pedido. Se está reembolsando su pago.',
  ],
  [
    'We could not confirm your payment yet. Check your orders in a few minutes before trying again.',
    'Nous n’avons pas encore pu confirmer votre paiement. Consultez vos commandes dans quelques minutes avant de réessayer.',
    'Aún no pudimos confirmar su pago. Revise sus pedidos en unos minutos antes de intentarlo de nuevo.',
  ],
  [
    'Bank payments are not available in this shop.',
    'Les paiements bancaires ne sont pas offerts dans cette boutique.',
    'Los pagos bancarios no están disponibles en esta tienda.',
  ],
  [
    'Card payments are not available in this shop.',
    'Les paiements par carte ne sont pas offerts dans cette boutique.',
    'Los pagos con tarjeta no están disponibles en esta tienda.',
  ],
  [
    'Your order could not be completed, and your payment is being refunded. Please try again.',
    'Votre commande n’a pas pu être finalisée et votre paiement est en cours de remboursement. Veuillez réessayer.',
    'No se pudo completar su pedido y se está reembolsando su pago. Inténtelo de nuevo.',
  ],
  [
    'Your payment for this order is being processed. Wait a moment, then check your orders before trying again.',
    'Votre paiement pour cette commande est en cours de traitement. Patientez un moment, puis consultez vos commandes avant de réessayer.',
    'Su pago de este pedido se está procesando. Espere un momento y revise sus pedidos antes de intentarlo de nuevo.',
  ],
  [
    'The EPP down payment is paid by card.',
    'L’acompte du PPP se paie par carte.',
    'El pago inicial del PPE se paga con tarjeta.',
  ],
  [
    'The order total is now {{amount}} {{currency}}. Please review your order.',
    'Le total de la commande est maintenant de {{amount}} {{currency}}. Veuillez vérifier votre commande.',
    'El total del pedido ahora es {{amount}} {{currency}}. Revise su pedido.',
  ],
  ['Choose a billing address.', 'Choisissez une adresse de facturation.', 'Elija una dirección de facturación.'],
  [
    'Choose a state or province from the list.',
    'Choisissez un État ou une province dans la liste.',
    'Elija un estado o provincia de la lista.',
  ],
  ['The price must be at least 1.00.', 'Le prix doit être d’au moins 1,00.', 'El precio debe ser de al menos 1.00.'],
  // request targets
  [
    'The request target must be a path (origin-form).',
    'La cible de la requête doit être un chemin (forme origine).',
    'El destino de la solicitud debe ser una ruta (forma de origen).',
  ],
  [
    'The request target must not start with two slashes.',
    'La cible de la requête ne doit pas commencer par deux barres obliques.',
    'El destino de la solicitud no debe empezar con dos barras.',
  ],
  [
    'The request target must not contain a backslash.',
    'La cible de la requête ne doit pas contenir de barre oblique inverse.',
    'El destino de la solicitud no debe contener una barra invertida.',
  ],
];
