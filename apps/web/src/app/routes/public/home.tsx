import { lazy, startTransition, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { HomeHero, QuoteFormPlaceholder } from '@/features/site/components/home-hero';
import { paths } from '@/config/paths';
import { usePublicPageMeta } from '@/lib/page-meta';

/**
 * The quote form brings the shared contract (zod), react-hook-form and the autocomplete: the
 * heaviest code of the page, and never downloaded by other pages although this one ships inside
 * the shell.
 */
const LazyHomeQuoteForm = lazy(async () => {
  const [{ QuoteForm }, { PostalCodeAutocomplete }, { CountrySelect }] = await Promise.all([
    import('@/features/quotes/components/quote-form'),
    import('@/features/geography/components/postal-code-autocomplete'),
    import('@/features/geography/components/country-select'),
  ]);
  return { default: () => <QuoteForm PostalCodeField={PostalCodeAutocomplete} CountryField={CountrySelect} /> };
});

/**
 * The prerendered home holds the form's place (the same shape, so nothing moves) and the form
 * renders, as a transition, on the visitor's first touch of that place or as soon as the loaded
 * page leaves the browser idle: the first paint and the page's first seconds never wait for it.
 * Moving to the home inside the app renders it at once.
 */
let formWanted = typeof document !== 'undefined' && (!document.getElementById('datos-del-sitio') || window.location.pathname !== '/');

function useQuoteFormWanted(area: RefObject<HTMLDivElement | null>): boolean {
  // False on the server and while hydrating the prerendered page (its HTML holds the placeholder).
  const [wanted, setWanted] = useState(formWanted);
  useEffect(() => {
    if (wanted) return;
    const want = () => {
      formWanted = true;
      startTransition(() => setWanted(true));
    };
    const node = area.current;
    const events = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'touchstart'] as const;
    for (const e of events) node?.addEventListener(e, want, { capture: true, passive: true, once: true });
    let idle: number | undefined;
    const whenIdle = () => {
      idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(want, { timeout: 2000 }) : window.setTimeout(want, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      for (const e of events) node?.removeEventListener(e, want, { capture: true });
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
    };
  }, [wanted, area]);
  return wanted;
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
  const formShown = useQuoteFormWanted(formArea);
  return (
    <>
      <HomeHero
        form={
          <div ref={formArea}>
            {formShown ? (
              <Suspense fallback={<QuoteFormPlaceholder />}>
                <LazyHomeQuoteForm />
              </Suspense>
            ) : (
              <QuoteFormPlaceholder />
            )}
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
