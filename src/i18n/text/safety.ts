/** Text of the safety rails: rate limits, a store whose channel is missing, uploads refused. */
export const en = {
  'auth.error.tooMany': 'Too many attempts. Please wait a minute and try again.',
  'error.503.title': 'The store is not open yet',
  'error.503.body': 'This store is being set up and cannot take orders right now. Please try again later.',
  'error.noFiles': 'This form takes no files.',
} as const;

export const fr: Partial<Record<keyof typeof en, string>> = {
  'auth.error.tooMany': 'Trop de tentatives. Veuillez patienter une minute et réessayer.',
  'error.503.title': "La boutique n'est pas encore ouverte",
  'error.503.body':
    'Cette boutique est en cours de configuration et ne peut pas prendre de commandes pour le moment. Veuillez réessayer plus tard.',
  'error.noFiles': "Ce formulaire n'accepte pas de fichiers.",
};

export const es: Partial<Record<keyof typeof en, string>> = {
  'auth.error.tooMany': 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
  'error.503.title': 'La tienda aún no está abierta',
  'error.503.body': 'Esta tienda se está configurando y no puede recibir pedidos en este momento. Inténtelo más tarde.',
  'error.noFiles': 'Este formulario no acepta archivos.',
};
