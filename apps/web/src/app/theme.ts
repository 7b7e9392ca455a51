import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: ['#eef3ff', '#dbe4ff', '#b4c7fd', '#8aa7fb', '#6689f8', '#4f75f6', '#3d66f0', '#2c55d6', '#1c4fd8', '#0b3aa8'],
  },
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});
