/**
 * Pages shown in one colour mode whatever the visitor chose (documents read like paper).
 * Read by AppRoot, and written into index.html's first-paint script at build time so the page never flashes the other mode.
 */
export const forcedColorSchemes: Record<string, 'light' | 'dark'> = {
  '/term-of-use': 'light',
  '/privacy-policy': 'light',
};

export const forcedColorSchemeOf = (pathname: string) => forcedColorSchemes[pathname.replace(/(.)\/+$/, '$1')];
