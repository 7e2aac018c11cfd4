import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** "Ember": the warm orange of a record-crate label; the one accent colour of Crate. */
const ember: MantineColorsTuple = ['#fff2e8', '#ffe2cf', '#ffc39e', '#ffa26a', '#ff8840', '#ff7a2f', '#f06a1e', '#d55a13', '#bd4e0e', '#a34206'];

/** Cool, slightly blue blacks so the orange glows against them. Mantine's dark scheme reads [0] as text, [7] as the page. */
const dark: MantineColorsTuple = ['#e8e9ef', '#bfc1cc', '#9497a6', '#666a7b', '#444757', '#2e303b', '#22242d', '#17181e', '#111217', '#0a0b0e'];

const SYSTEM_SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
const SYSTEM_MONO = 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace';

export const theme = createTheme({
  primaryColor: 'ember',
  primaryShade: 5,
  // Dark text on the bright ember fill: far more legible than white on orange.
  autoContrast: true,
  luminanceThreshold: 0.3,
  colors: { ember, dark },
  white: '#f7f7fa',
  black: '#0a0b0e',
  fontFamily: SYSTEM_SANS,
  fontFamilyMonospace: SYSTEM_MONO,
  headings: {
    fontFamily: SYSTEM_SANS,
    fontWeight: '750',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.15' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.2rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2.25rem' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Notification: { defaultProps: { radius: 'md', withBorder: true } },
    Badge: { defaultProps: { radius: 'sm' } },
    Anchor: { defaultProps: { underline: 'hover' } },
  },
});

/**
 * Mantine derives the text of "light" variants (badges, light buttons, theme icons) from shade
 * primaryShade − 5, i.e. shade 0 — near white — with our bright dark-scheme shade 5. Shade 3 keeps
 * them coloured and readable on the dark page.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: Object.fromEntries(
    [...Object.keys(DEFAULT_THEME.colors), 'ember'].map((name) => [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-3)`]),
  ),
});
