import { CARRIER_PROVIDERS } from './carrier-list.js';
import type { SeedCarrier, SeedService } from './demo-tariffs.js';

export type { SeedCarrier, SeedService } from './demo-tariffs.js';

export interface SeedCatalogue {
  carriers: SeedCarrier[];
  services: SeedService[];
  /** Markup for everyone on every service, basis points. */
  globalMarkupBp: number;
}

/**
 * The catalogue seeded on first start: every carrier of the list with the services, demo tariffs
 * and settings its folder declares, in the list's order (the provider filter's order).
 */
export function demoCatalogue(): SeedCatalogue {
  const drafts = CARRIER_PROVIDERS.flatMap((p) => p.catalogue.services);
  return {
    carriers: CARRIER_PROVIDERS.map((p, i) => ({
      code: p.code,
      name: p.name,
      sortOrder: i,
      ...p.catalogue.settings,
      remoteAreas: [...p.catalogue.settings.remoteAreas],
    })),
    services: drafts.map((d, i) => ({ ...d, scope: d.scope ?? 'domestic', sortOrder: i })),
    globalMarkupBp: 1200,
  };
}
