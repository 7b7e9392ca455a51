import { Alert, Button, Stack, Text } from '@mantine/core';
import { invoiceErrorCodes } from '@envios/contracts/invoices';
import { ApiRequestError } from '@/lib/api-client';
import { useCheckTaxData } from '../api/check-tax-data';

/** The tax form's label of each field a refusal may name. */
const FIELD_LABELS: Record<string, string> = {
  'taxInformation.name': 'Nombre o razón social',
  'taxInformation.rfc': 'RFC',
  'taxInformation.tax_system': 'Régimen fiscal',
  'taxInformation.cfdi_use': 'Uso CFDI',
  'taxInformation.postal_code': 'Código postal fiscal',
  'taxInformation.email': 'Correo para facturas',
};

/**
 * «Validar datos»: the saved tax data go to the stamping service before any invoice is made; its
 * refusal is shown as it wrote it, with the field it names. A service that did not answer (or too
 * many checks) is not a refusal of the data and does not say so.
 */
export function TaxDataCheck({ disabled }: { disabled: boolean }) {
  const check = useCheckTaxData();
  const failure = check.error;
  const refused = failure instanceof ApiRequestError && failure.body.code === invoiceErrorCodes.refused;
  const fields = refused ? [...new Set((failure.body.errors ?? []).flatMap((e) => (FIELD_LABELS[e.path] ? [FIELD_LABELS[e.path]] : [])))] : [];
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
        {failure && (
          <Alert color="red" variant="light" role="alert" title={refused ? 'El servicio de facturación rechazó tus datos' : 'No se pudieron validar tus datos'}>
            {failure.message}
            {refused && (
              <Text size="xs" mt={4}>
                {fields.length > 0 ? `Revisa: ${fields.join(', ')}. ` : ''}Corrígelos con «Editar» y vuelve a validarlos.
              </Text>
            )}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
