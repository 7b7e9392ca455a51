import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { StoreOrderDetail } from '@envios/contracts/integrations';
import { paths } from '@/config/paths';
import { getAccountStatusQueryOptions } from '@/features/accounts/api/get-account-status';
import { useUser } from '@/features/accounts/api/get-me';
import { SavedAddressSelect } from '@/features/addresses/components/saved-address-select';
import { ParcelTemplateSelect } from '@/features/parcels/components/parcel-template-select';
import { isPostalSearchAllowed, searchPostalCodes } from '@/features/geography/api/search-postal-codes';
import { CountrySelect } from '@/features/geography/components/country-select';
import { PostalCodeAutocomplete } from '@/features/geography/components/postal-code-autocomplete';
import { PaymentMethodChoice } from '@/features/payments/components/payment-method-choice';
import { paymentHref } from '@/features/payments/utils/payment-href';
import { ServiceSelector } from '@/features/quotes/components/service-selector';
import { NewShipmentWizard } from '@/features/shipments/components/wizard/new-shipment-wizard';
import type { NewShipmentSlots } from '@/features/shipments/components/wizard/wizard-slots';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import { useStoreOrder } from '@/features/integrations/api/get-store-order';
import type { WizardPrefill } from '@/features/shipments/utils/wizard-state';
import { usePayableShipments } from '../payments/use-payable-shipments';

/**
 * The payment method choice inside 'Resumen de Compra', for the shipments the wizard created: the
 * same choice as the payment pages. A cancelled PayPal approval comes back to the payment page of
 * these shipments (the wizard's draft is gone by then: the purchase left the wizard).
 */
function WizardPayment({ shipmentIds, onLeave, disabled }: { shipmentIds: string[]; onLeave: () => void; disabled: boolean }) {
  const user = useUser().data;
  const load = usePayableShipments(shipmentIds);
  if (!user) return null;
  if (load.status === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Cargando los métodos de pago…</Text>
      </Group>
    );
  }
  if (load.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title="No pudimos mostrar el pago">
        {load.message}
      </Alert>
    );
  }
  return (
    <PaymentMethodChoice
      variant={shipmentIds.length === 1 ? 'one' : 'many'}
      shipments={load.shipments}
      overweight={load.overweight}
      userId={user._id}
      email={user.email}
      purchasesBlocked={user.purchasesBlocked}
      disabled={disabled}
      onLeave={onLeave}
      returnTo={paymentHref(shipmentIds)}
      headingLevel={3}
    />
  );
}

/**
 * The other features the wizard is made of, plugged in here (features never import each other):
 * postal codes and countries (geography), saved addresses, the quotes' provider selector,
 * whose 'Enviar' first checks that the account may buy, and the payment choice.
 */
export function useNewShipmentSlots(returnTo: string): NewShipmentSlots {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const supportPhone = useSiteInfo().data?.supportPhone;
  return useMemo<NewShipmentSlots>(
    () => ({
      PostalCodeField: PostalCodeAutocomplete,
      CountryField: CountrySelect,
      renderSavedAddress: (slot) => <SavedAddressSelect label={slot.label} value={slot.value} onPick={slot.onSelect} />,
      renderParcelTemplate: (slot) => <ParcelTemplateSelect onPick={slot.onPick} />,
      lookupColonies: async ({ postalCode, country }, opts) =>
        isPostalSearchAllowed({ search: postalCode, country }) ? searchPostalCodes({ search: postalCode, country }, opts) : [],
      renderPayment: (slot) => <WizardPayment shipmentIds={slot.shipmentIds} onLeave={slot.onLeave} disabled={slot.disabled} />,
      renderServiceSelector: (slot) => (
        <ServiceSelector
          request={slot.request}
          supportPhone={supportPhone}
          backHref={slot.backHref}
          backState={slot.backState}
          chosenServiceId={slot.chosenServiceId}
          {...(slot.embedded ? { steps: null, embedded: true, headingLevel: 2 as const, backLabel: 'Anterior' } : {})}
          onSend={async (option, quote) => {
            const status = await queryClient.fetchQuery(getAccountStatusQueryOptions());
            if (status === 'inactive' || status === 'locked' || status === 'purchases-blocked') return status;
            if (status === 'signed-out') {
              await navigate(`${paths.signIn}?redirectTo=${encodeURIComponent(returnTo)}`);
              return undefined;
            }
            slot.onChoose(option, quote.quoted_at);
            return undefined;
          }}
        />
      ),
    }),
    [queryClient, navigate, supportPhone, returnTo],
  );
}

/** A store order as the wizard's pre-filled destination, content and parcel ('Generar Guia'). */
function prefillFrom(order: StoreOrderDetail): WizardPrefill {
  return {
    order: {
      id: order._id,
      platform: order.platform,
      label: `pedido #${order.number} de ${order.store_name}`,
      notes: order.problems.map((p) => p.message),
    },
    destination: order.destination_direction,
    description: order.description_of_the_content,
    parcels: order.parcels,
  };
}

/** /dashboard/shipment/new: 'Nuevo envío' in four steps; `?pedido=` starts from a store order. */
export default function NewShipmentRoute() {
  useDocumentTitle('Nuevo envío · Envíos MX');
  const user = useUser().data;
  const [params] = useSearchParams();
  const orderId = params.get('pedido');
  const order = useStoreOrder(orderId);
  const slots = useNewShipmentSlots(orderId ? `${paths.newShipment}?pedido=${encodeURIComponent(orderId)}` : paths.newShipment);
  // The dashboard layout only renders its pages for a signed-in user.
  if (!user) return null;
  if (orderId && order.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label="Cargando el pedido" />
      </Center>
    );
  }
  if (orderId && order.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="No pudimos abrir el pedido">
        {order.error.message}
      </Alert>
    );
  }
  return (
    <NewShipmentWizard
      key={orderId ?? 'nuevo'}
      variant="dashboard"
      userId={user._id}
      exit={{ href: orderId ? paths.storeOrders : paths.dashboard }}
      slots={slots}
      links={{ shipments: paths.shipments }}
      prefill={orderId && order.data ? prefillFrom(order.data) : undefined}
    />
  );
}
