import { useEffect } from 'react';
import type { SiteInfo } from '@envios/contracts/site';
import { configureAdPixel } from '@/lib/ad-pixel';
import { useChatWidget } from '@/lib/chat-widget';

/**
 * The optional third-party scripts, from the site facts: the chat widget (loaded when the page is
 * idle) and the ad pixel (configured here, loaded only after consent). Failing facts mean neither.
 */
export function useSiteScripts(site: { data?: SiteInfo | undefined; isError: boolean }): void {
  const pixel = site.data ? site.data.metaPixelId : site.isError ? null : undefined;
  useEffect(() => {
    if (pixel !== undefined) configureAdPixel(pixel);
  }, [pixel]);
  useChatWidget(site.data?.chatWidgetSrc);
}
