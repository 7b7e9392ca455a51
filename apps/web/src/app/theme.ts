import { createTheme } from '@mantine/core';
import type { AlertProps, DrawerProps, ModalProps, PaginationProps, PasswordInputProps } from '@mantine/core';

// Component defaults are plain objects, not `Component.extend(…)`: importing a component's value
// here would pull it (and what it needs: modals, scroll areas, floating positioning) into the
// first script every public page loads, although no public page shows it.

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
    Badge: {
      styles: { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } },
    },
    // Accessible names in Spanish where Mantine's defaults are English or empty. The password eye
    // is a toggle button: its name stays 'Mostrar contraseña' and aria-pressed says whether it shows.
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar contraseña' },
        visibilityToggleFocusable: true,
      } satisfies Partial<PasswordInputProps>,
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } satisfies Partial<DrawerProps> },
    Alert: { defaultProps: { closeButtonLabel: 'Cerrar aviso' } satisfies Partial<AlertProps> },
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
          'aria-label': { first: 'Primera página', previous: 'Anterior', next: 'Siguiente', last: 'Última página' }[control],
        }),
      } satisfies Partial<PaginationProps>,
    },
  },
});
