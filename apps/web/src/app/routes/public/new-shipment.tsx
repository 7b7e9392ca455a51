import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { accountMessages } from '@envios/contracts/accounts';
import { paths } from '@/config/paths';
import { getAccountStatusQueryOptions } from '@/features/accounts/api/get-account-status';
import { useUser } from '@/features/accounts/api/get-me';
import { PendingApprovalNotice } from '@/features/accounts/components/pending-approval-notice';
import { clearQuoteRequest, loadQuoteRequest, RESTORE_QUOTE_STATE } from '@/features/quotes/utils/quote-request-storage';
import { clearSelectedService, loadSelectedService, saveSelectedService } from '@/features/quotes/utils/selected-service-storage';
import { NewShipmentWizard } from '@/features/shipments/components/wizard/new-shipment-wizard';
import { useNewShipmentSlots } from '../dashboard/new-shipment';

function Blocked({ children }: { children: React.ReactNode }) {
  return (
    <Container size="sm" py={60}>
      <Stack gap="md">
        <Title order={1}>Nuevo envío</Title>
        {children}
        <Button component={Link} to={paths.home} variant="default" w="fit-content">
          Volver al inicio
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * /shipment/new: the public variant in three steps after the home quote and
 * /service-providers. Only an active account may buy: a visitor signs in and comes back; an
 * account pending approval or locked hears why.
 */
export default function PublicNewShipmentRoute() {
  useDocumentTitle('Nuevo envío · Envíos MX');
  const status = useQuery(getAccountStatusQueryOptions());
  const user = useUser();
  const slots = useNewShipmentSlots(paths.newShipmentPublic);
  // Read once: the wizard keeps its own copy (and its changes) from here on.
  const [entry] = useState(() => ({ quote: loadQuoteRequest(), service: loadSelectedService() }));

  if (status.isPending || (status.data === 'active' && user.isPending)) {
    return (
      <Center mih="50vh" role="status" aria-label="Cargando tu sesión">
        <Loader />
      </Center>
    );
  }
  if (status.isError) {
    return (
      <Blocked>
        <Alert color="red" variant="light" role="alert">
          No pudimos revisar tu sesión. Revisa tu conexión y vuelve a cargar la página.
        </Alert>
      </Blocked>
    );
  }
  if (status.data === 'signed-out') {
    return <Navigate to={`${paths.signIn}?redirectTo=${encodeURIComponent(paths.newShipmentPublic)}`} replace />;
  }
  if (status.data === 'inactive') {
    return (
      <Blocked>
        <PendingApprovalNotice />
        <Text c="dimmed">Cuando aprobemos tu cuenta podrás crear tu envío desde aquí.</Text>
      </Blocked>
    );
  }
  if (status.data === 'purchases-blocked') {
    return (
      <Blocked>
        <Alert color="red" variant="light" role="alert" title="Tu cuenta tiene las compras bloqueadas">
          {accountMessages.purchasesBlocked}
        </Alert>
      </Blocked>
    );
  }
  if (status.data === 'locked' || !user.data) {
    return (
      <Blocked>
        <Alert color="red" variant="light" role="alert" title="Tu cuenta está bloqueada">
          Tu cuenta está bloqueada. Escríbenos para revisarla.
        </Alert>
      </Blocked>
    );
  }
  return (
    <NewShipmentWizard
      variant="public"
      userId={user.data._id}
      entry={entry}
      exit={{ href: paths.home, state: RESTORE_QUOTE_STATE }}
      slots={slots}
      onServiceChosen={saveSelectedService}
      onDone={() => {
        clearQuoteRequest();
        clearSelectedService();
      }}
      links={{ shipments: paths.shipments }}
    />
  );
}
