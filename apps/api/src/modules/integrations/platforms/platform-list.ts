import type { PlatformId } from '@envios/contracts/integrations';
import type { StorePlatform } from './store-platform.js';
import { shopifyPlatform } from './shopify/shopify.platform.js';
import { tiendanubePlatform } from './tiendanube/tiendanube.platform.js';
import { woocommercePlatform } from './woocommerce/woocommerce.platform.js';

/** Every platform the module speaks: a new one is its folder and one line here. */
export const PLATFORMS: readonly StorePlatform[] = [woocommercePlatform, shopifyPlatform, tiendanubePlatform];

export function findPlatform(id: string): StorePlatform | undefined {
  return PLATFORMS.find((p) => p.id === id);
}

export function platformIds(): PlatformId[] {
  return PLATFORMS.map((p) => p.id);
}
