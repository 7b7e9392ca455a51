import { Box, Text } from '@mantine/core';
import { useSiteInfo } from '../api/get-site-info';

/**
 * While a payment method is a sandbox, every page says so: nobody should think a test payment
 * bought a real guide, nor pay real money expecting one.
 */
export function SandboxBanner() {
  const sandbox = useSiteInfo().data?.paymentsSandbox ?? false;
  if (!sandbox) return null;
  return (
    <Box role="note" aria-label="Modo de pruebas" bg="yellow.2" px="md" py={6} style={{ borderBottom: '1px solid var(--mantine-color-yellow-5)' }}>
      <Text size="sm" ta="center" fw={600} c="dark.8">
        Modo de pruebas: los pagos son de prueba y no cobran dinero real.
      </Text>
    </Box>
  );
}
