import { Alert, Badge, createTheme, Drawer, Modal, Pagination, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: ['#eef3ff', '#dbe4ff', '#b4c7fd', '#8aa7fb', '#6689f8', '#4f75f6', '#3d66f0', '#2c55d6', '#1c4fd8', '#0b3aa8'],
  },
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  components: {
    // A badge's label is cut with an ellipsis by default, which lets a table squeeze 'Pendiente'
    // into 'PENDIE…': status words are short, so they always show whole.
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } },
    }),
    // Accessible names in Spanish where Mantine's defaults are English or empty. The password eye
    // is a toggle button: its name stays 'Mostrar contraseña' and aria-pressed says whether it shows.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar contraseña' }, visibilityToggleFocusable: true },
    }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Cerrar aviso' } }),
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': { first: 'Primera página', previous: 'Anterior', next: 'Siguiente', last: 'Última página' }[control],
        }),
      },
    }),
  },
});
