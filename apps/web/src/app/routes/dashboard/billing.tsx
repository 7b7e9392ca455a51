import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isTaxDataComplete } from '@envios/contracts/accounts';
import { useUser } from '@/features/accounts/api/get-me';
import { SAVED_ALERT_MS } from '@/features/accounts/components/account-settings';
import { TaxDataCard } from '@/features/accounts/components/tax-data-card';
import { TaxModal } from '@/features/accounts/components/tax-modal';
import { BillingPage } from '@/features/invoices/components/billing-page';
import { TaxDataCheck } from '@/features/invoices/components/tax-data-check';

export default function BillingRoute() {
  useDocumentTitle('Facturación · Envíos MX');
  const user = useUser().data;
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_ALERT_MS);
    return () => clearTimeout(timer);
  }, [saved]);
  if (!user) return null;
  return (
    <>
      <BillingPage
        notice={
          saved && (
            <Alert color="green" variant="light" role="status">
              Cambios guardados
            </Alert>
          )
        }
        taxSection={
          <TaxDataCard
            user={user}
            onEdit={() => setEditing(true)}
            onSaved={() => setSaved(true)}
            // A new validation for new data: the answer about the old ones goes.
            footer={<TaxDataCheck key={JSON.stringify(user.taxInformation)} disabled={!isTaxDataComplete(user.taxInformation)} />}
          />
        }
      />
      <TaxModal
        user={user}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setSaved(true);
        }}
      />
    </>
  );
}
