import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Shade 6 is the brand colour #008465; white text on it has a contrast of 4.7:1. */
const brand: MantineColorsTuple = [
  '#e6f7f2',
  '#c2ebdf',
  '#8fdac4',
  '#57c6a6',
  '#2bb48c',
  '#0d9f78',
  '#008465',
  '#006f55',
  '#005a45',
  '#004434',
];

/** Mantine's red is below 4.5:1 with white text; shade 6 here passes, and light shades stay readable on dark. */
const danger: MantineColorsTuple = [
  '#fff0f0',
  '#ffdada',
  '#ffb3b3',
  '#ff8a8a',
  '#f76565',
  '#e04848',
  '#c92a2a',
  '#b02020',
  '#961818',
  '#7a1010',
];

/** The theme; `closeLabel` names the close buttons of dialogs, drawers and toasts in the current language. */
export const buildTheme = (closeLabel: string) =>
  createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand, danger },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    focusRing: 'auto',
    components: {
      // Plain objects rather than Component.extend(), so the landing bundle does not import these components.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // An alert's title in its own colour (teal, yellow…) is below 4.5:1 on the light tint: it takes the text colour.
      Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
      // Most fields are required, so the optional ones say so in their label instead; the label stays the field's exact name.
      InputWrapper: { defaultProps: { withAsterisk: false } },
    },
  });

/** Mantine's default dimmed and error colours are below 4.5:1 on the page background; these pass WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-danger-6)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-danger-3)',
  },
});
