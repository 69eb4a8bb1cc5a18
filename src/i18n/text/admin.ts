/** The back office's shell: layout, navigation, pagination. Areas keep their own text files. */
export const admin = {
  en: {
    'admin.title': 'Back office',
    'admin.viewStore': 'View store',
    'admin.nav.label': 'Back office',
    'admin.nav.home': 'Home',
    'admin.pagination': 'Pages',
    'admin.previous': 'Previous',
    'admin.next': 'Next',
  },
  fr: {
    'admin.title': 'Administration',
    'admin.viewStore': 'Voir la boutique',
    'admin.nav.label': 'Administration',
    'admin.nav.home': 'Accueil',
    'admin.pagination': 'Pages',
    'admin.previous': 'Précédent',
    'admin.next': 'Suivant',
  },
  es: {
    'admin.title': 'Administración',
    'admin.viewStore': 'Ver la tienda',
    'admin.nav.label': 'Administración',
    'admin.nav.home': 'Inicio',
    'admin.pagination': 'Páginas',
    'admin.previous': 'Anterior',
    'admin.next': 'Siguiente',
  },
} as const;
