import { Alert, Button, Stack, Text } from '@mantine/core';
import { useCheckTaxData } from '../api/check-tax-data';

/**
 * «Validar datos»: the saved tax data go to the stamping service before any invoice is made; its
 * refusal is shown as it wrote it, with the field it names.
 */
export function TaxDataCheck({ disabled }: { disabled: boolean }) {
  const check = useCheckTaxData();
  const refusal = check.error;
  return (
    <Stack gap="xs">
      <div>
        <Button variant="outline" size="xs" onClick={() => check.mutate()} loading={check.isPending} disabled={disabled}>
          Validar datos
        </Button>
        {disabled && (
          <Text size="xs" c="dimmed" mt={4}>
            Guarda tus datos fiscales completos para validarlos.
          </Text>
        )}
      </div>
      <div aria-live="polite">
        {check.data && (
          <Alert color="green" variant="light" role="status" title="Datos válidos">
            {check.data.message}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert" title="El servicio de facturación rechazó tus datos">
            {refusal.message}
            <Text size="xs" mt={4}>
              Corrígelos con «Editar» y vuelve a validarlos.
            </Text>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
