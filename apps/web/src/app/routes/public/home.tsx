import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { HomeHero, QuoteFormPlaceholder } from '@/features/site/components/home-hero';
import { paths } from '@/config/paths';
import { usePublicPageMeta } from '@/lib/page-meta';
import { createGate, HydrationGate } from '@/lib/hydration-gate';

/**
 * The quote form brings the shared contract (zod), react-hook-form and the autocomplete; it is
 * fetched when the home page first renders, in parallel with the first paint of the hero (and
 * never by other pages, although this page ships inside the shell).
 */
const HomeQuoteForm = lazy(async () => {
  const [{ QuoteForm }, { PostalCodeAutocomplete }, { CountrySelect }] = await Promise.all([
    import('@/features/quotes/components/quote-form'),
    import('@/features/geography/components/postal-code-autocomplete'),
    import('@/features/geography/components/country-select'),
  ]);
  return { default: () => <QuoteForm PostalCodeField={PostalCodeAutocomplete} CountryField={CountrySelect} /> };
});

/**
 * The prerendered home shows the real form at once; its code (the heaviest of the page) loads and
 * hydrates it on the visitor's first touch of the form, or once the page has settled (2 s after
 * load, when the browser is idle). Any other first page, or a later visit to the home, gets the
 * form right away.
 */
const formGate = createGate(typeof document === 'undefined' || !document.getElementById('datos-del-sitio') || window.location.pathname !== '/');
const FORM_SETTLE_MS = 2000;

function useOpenFormGate(area: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (formGate.opened) return;
    const open = () => formGate.open();
    const node = area.current;
    const events = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'touchstart'] as const;
    for (const e of events) node?.addEventListener(e, open, { capture: true, passive: true, once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      timer = setTimeout(() => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(open, { timeout: 2000 }) : open()), FORM_SETTLE_MS);
    };
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
    return () => {
      for (const e of events) node?.removeEventListener(e, open, { capture: true });
      window.removeEventListener('load', settle);
      clearTimeout(timer);
    };
  }, [area]);
}

// Below the first screen: downloaded when the browser is idle, rendered when scrolled near.
const loadHomeSections = () => import('@/features/site/components/home-sections');
const HomeSections = lazy(loadHomeSections);

function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => void load());
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => void load(), 1500);
    return () => clearTimeout(timer);
  }, [load]);
}

export default function HomeRoute() {
  usePublicPageMeta(paths.home);
  usePreloadWhenIdle(loadHomeSections);
  const formArea = useRef<HTMLDivElement>(null);
  useOpenFormGate(formArea);
  return (
    <>
      <HomeHero
        form={
          <div ref={formArea}>
            <Suspense fallback={<QuoteFormPlaceholder />}>
              <HydrationGate gate={formGate}>
                <HomeQuoteForm />
              </HydrationGate>
            </Suspense>
          </div>
        }
      />
      <RenderWhenNear placeholderHeight="180vh">
        <Suspense fallback={<div style={{ minHeight: '180vh' }} />}>
          <HomeSections />
        </Suspense>
      </RenderWhenNear>
    </>
  );
}
