/** The sign-in dialogs that the `auth` query parameter opens. */
export type AuthDialog = 'login' | 'signup' | 'forgot';
