/** Guest checkout: buying without a password, and the account made afterwards if asked. */
export const en = {
  'guest.choose.title': 'Check out as a guest',
  'guest.choose.body': 'No password needed. After your order we email you a link in case you want an account.',
  'guest.choose.cta': 'Check out as a guest',
  'guest.checkout.note':
    'You are checking out as a guest. Tax exemption, saved payment methods, pay on terms and the Extended Payment Program need an account.',
  'guest.placed.heading': 'Create an account',
  'guest.placed.body':
    'We emailed {{email}} a link to create an account: choose a password to keep this order in your account and check out faster next time. The link works once, for 7 days.',
  'guest.placed.existing':
    'Already have an account with this email? Sign in to use it. This order stays a guest order.',
  'guest.placed.signin': 'Sign in',
  'guest.badge': 'Guest',
  'guest.mail.create': 'Create an account: choose a password here (the link works once, for 7 days):',
  'guest.mail.existing':
    'An account with this email already exists. This order was placed as a guest and is not added to it. Sign in here to use your account:',
  'guest.create.title': 'Create your account',
  'guest.create.body': 'Choose a password for {{email}}. The order you placed as a guest is then in your account.',
  'guest.create.password': 'Password (at least 10 characters)',
  'guest.create.submit': 'Create account',
  'guest.create.invalid':
    'This link is invalid or has expired. Sign in, or ask for a password reset, if you already made your account.',
  'guest.create.done': 'Your account is ready.',
  'log.action.user.guest': 'Guest checkout',
} as const;

type Key = keyof typeof en;

export const fr: Partial<Record<Key, string>> = {
  'guest.choose.title': 'Commander en tant qu’invité',
  'guest.choose.body':
    'Aucun mot de passe requis. Après votre commande, nous vous envoyons un lien si vous souhaitez un compte.',
  'guest.choose.cta': 'Commander en tant qu’invité',
  'guest.checkout.note':
    'Vous commandez en tant qu’invité. L’exonération de taxes, les modes de paiement enregistrés, le paiement à terme et le Programme de paiement prolongé exigent un compte.',
  'guest.placed.heading': 'Créer un compte',
  'guest.placed.body':
    'Nous avons envoyé à {{email}} un lien pour créer un compte : choisissez un mot de passe pour garder cette commande dans votre compte et commander plus vite la prochaine fois. Le lien fonctionne une fois, pendant 7 jours.',
  'guest.placed.existing':
    'Vous avez déjà un compte avec ce courriel? Connectez-vous pour l’utiliser. Cette commande reste une commande d’invité.',
  'guest.placed.signin': 'Se connecter',
  'guest.badge': 'Invité',
  'guest.mail.create':
    'Créer un compte : choisissez un mot de passe ici (le lien fonctionne une fois, pendant 7 jours) :',
  'guest.mail.existing':
    'Un compte existe déjà avec ce courriel. Cette commande a été passée en tant qu’invité et n’y est pas ajoutée. Connectez-vous ici pour utiliser votre compte :',
  'guest.create.title': 'Créer votre compte',
  'guest.create.body':
    'Choisissez un mot de passe pour {{email}}. La commande passée en tant qu’invité sera alors dans votre compte.',
  'guest.create.password': 'Mot de passe (au moins 10 caractères)',
  'guest.create.submit': 'Créer le compte',
  'guest.create.invalid':
    'Ce lien n’est pas valide ou a expiré. Connectez-vous, ou demandez une réinitialisation du mot de passe, si vous avez déjà créé votre compte.',
  'guest.create.done': 'Votre compte est prêt.',
  'log.action.user.guest': 'Commande d’invité',
};

export const es: Partial<Record<Key, string>> = {
  'guest.choose.title': 'Comprar como invitado',
  'guest.choose.body': 'No necesita contraseña. Después de su pedido le enviamos un enlace por si desea una cuenta.',
  'guest.choose.cta': 'Comprar como invitado',
  'guest.checkout.note':
    'Está comprando como invitado. La exención de impuestos, los métodos de pago guardados, el pago a plazo y el Programa de Pago Extendido requieren una cuenta.',
  'guest.placed.heading': 'Crear una cuenta',
  'guest.placed.body':
    'Enviamos a {{email}} un enlace para crear una cuenta: elija una contraseña para guardar este pedido en su cuenta y comprar más rápido la próxima vez. El enlace funciona una vez, durante 7 días.',
  'guest.placed.existing':
    '¿Ya tiene una cuenta con este correo electrónico? Inicie sesión para usarla. Este pedido queda como pedido de invitado.',
  'guest.placed.signin': 'Iniciar sesión',
  'guest.badge': 'Invitado',
  'guest.mail.create': 'Cree una cuenta: elija una contraseña aquí (el enlace funciona una vez, durante 7 días):',
  'guest.mail.existing':
    'Ya existe una cuenta con este correo electrónico. Este pedido se realizó como invitado y no se agrega a ella. Inicie sesión aquí para usar su cuenta:',
  'guest.create.title': 'Cree su cuenta',
  'guest.create.body': 'Elija una contraseña para {{email}}. El pedido que realizó como invitado quedará en su cuenta.',
  'guest.create.password': 'Contraseña (al menos 10 caracteres)',
  'guest.create.submit': 'Crear cuenta',
  'guest.create.invalid':
    'Este enlace no es válido o venció. Inicie sesión, o pida restablecer la contraseña, si ya creó su cuenta.',
  'guest.create.done': 'Su cuenta está lista.',
  'log.action.user.guest': 'Compra como invitado',
};

export const guestText = { en, fr, es };

/** Error messages of guest checkout: [English, French, Spanish] (src/i18n/error-text.ts). */
export const ERROR_ROWS_GUEST: readonly (readonly [string, string, string])[] = [
  [
    'Create an account or sign in to use this.',
    'Créez un compte ou connectez-vous pour utiliser ceci.',
    'Cree una cuenta o inicie sesión para usar esto.',
  ],
  [
    'This link is invalid or has expired.',
    'Ce lien n’est pas valide ou a expiré.',
    'Este enlace no es válido o venció.',
  ],
  [
    'An account with this email already exists. Please sign in.',
    'Un compte existe déjà avec ce courriel. Veuillez vous connecter.',
    'Ya existe una cuenta con este correo electrónico. Inicie sesión.',
  ],
];
