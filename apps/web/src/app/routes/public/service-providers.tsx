import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@mantine/hooks';
import type { QuoteResponse, ShippingOption } from '@envios/contracts/quotes';
import { paths } from '@/config/paths';
import { getAccountStatusQueryOptions } from '@/features/accounts/api/get-account-status';
import { ServiceSelector, type SendProblem } from '@/features/quotes/components/service-selector';
import { loadQuoteRequest, RESTORE_QUOTE_STATE } from '@/features/quotes/utils/quote-request-storage';
import { loadSelectedService, saveSelectedService } from '@/features/quotes/utils/selected-service-storage';
import { useSiteInfo } from '@/features/site/api/get-site-info';

/**
 * /service-providers: the provider selector after the home form's 'Cotizar!'.
 * 'Enviar' goes on to /shipment/new for an active account, to /signin (and back here) for a
 * visitor, and explains itself to an account that is pending approval or locked.
 */
export default function ServiceProvidersRoute() {
  useDocumentTitle('Elige tu paquetería · Envíos MX');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const [request] = useState(loadQuoteRequest);
  const [chosenServiceId] = useState(() => loadSelectedService()?.option.service_id);

  async function send(option: ShippingOption, quote: QuoteResponse): Promise<SendProblem | undefined> {
    const status = await queryClient.fetchQuery(getAccountStatusQueryOptions());
    if (status === 'inactive' || status === 'locked' || status === 'purchases-blocked') return status;
    saveSelectedService({ option, quoted_at: quote.quoted_at });
    if (status === 'signed-out') {
      await navigate(`${paths.signIn}?redirectTo=${encodeURIComponent(paths.serviceProviders)}`);
    } else {
      await navigate(paths.newShipmentPublic);
    }
    return undefined;
  }

  return (
    <ServiceSelector
      request={request}
      supportPhone={site.data?.supportPhone}
      backHref={paths.home}
      backState={RESTORE_QUOTE_STATE}
      onSend={send}
      chosenServiceId={chosenServiceId}
    />
  );
}
