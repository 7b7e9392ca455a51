import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { SAVED_ALERT_MS } from '@/features/accounts/components/account-settings';
import { TaxModal } from '@/features/accounts/components/tax-modal';
import { BillingOverview } from '@/features/site/components/billing-overview';

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
      <BillingOverview
        user={user}
        onEditTax={() => setEditing(true)}
        notice={
          saved && (
            <Alert color="green" variant="light" role="status">
              Cambios guardados
            </Alert>
          )
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
