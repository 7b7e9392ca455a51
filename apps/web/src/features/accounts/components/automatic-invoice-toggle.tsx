import { useState } from 'react';
import { Checkbox, Text } from '@mantine/core';
import { isTaxDataComplete, type User } from '@envios/contracts/accounts';
import { useUpdateUser } from '../api/update-user';

/**
 * «Facturación automática»: each payment invoiced as soon as it arrives. It needs complete tax data
 * to switch on (switching off never does); it saves at once, the box disabled while it does.
 */
export function AutomaticInvoiceToggle({ user, onSaved, lockedHint }: { user: User; onSaved?: () => void; lockedHint: string }) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<boolean | null>(null);
  const update = useUpdateUser();
  const locked = !user.invoice && !isTaxDataComplete(user.taxInformation);
  return (
    <>
      <Checkbox
        mt="sm"
        label="Facturación automática"
        description={
          locked
            ? lockedHint
            : 'Cada pago que hagas (abonos, y compras con PayPal, tarjeta u OXXO) se factura en cuanto lo recibimos, con estos datos fiscales.'
        }
        // While saving, the box shows the value being saved and cannot be clicked again.
        checked={saving ?? user.invoice}
        disabled={saving !== null || locked}
        onChange={(event) => {
          const invoice = event.currentTarget.checked;
          setError(null);
          setSaving(invoice);
          update.mutate(
            { id: user._id, data: { invoice } },
            {
              onSuccess: () => onSaved?.(),
              onError: (e) => setError(e.message),
              onSettled: () => setSaving(null),
            },
          );
        }}
      />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
