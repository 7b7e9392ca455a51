import { type ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { moneyQueryRoots } from '@/lib/query-keys';
import { theme } from './theme';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
  // Shipments, balances, payments and overweight change away from this tab: a cash payment
  // confirmed later by the processor, a purchase in another tab or through the API, a guide that
  // arrives. Those screens read again each time they open and when the seller comes back to the
  // tab, so a paid shipment never shows as unpaid for half a minute. A read that finds nothing
  // changed keeps the same data objects, so an open form is not reset by it.
  for (const root of moneyQueryRoots) client.setQueryDefaults(root, { staleTime: 0, refetchOnWindowFocus: true });
  return client;
}

/**
 * Mantine's "dimmed" grey (#868e96) reads at 3.3:1 on white, under the 4.5:1 that small text needs
 * (WCAG AA); descriptions and hints use this darker grey instead (6.6:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5a6270' },
  dark: {},
});

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
