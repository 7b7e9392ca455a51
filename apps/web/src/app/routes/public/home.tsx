import { lazy, startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { applySnapshot, readSnapshot, snapshotTouched, StaticSnapshot, type SnapshotState } from '@/components/ui/static-snapshot';
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
  return {
    default: function HomeQuoteForm({ onMounted }: { onMounted?: (() => void) | undefined }) {
      useLayoutEffect(() => onMounted?.(), [onMounted]);
      return <QuoteForm PostalCodeField={PostalCodeAutocomplete} CountryField={CountrySelect} />;
    },
  };
});

/**
 * The prerendered home carries the quote form as HTML (a snapshot: the same markup, styled, but
 * without its code), so the visitor sees the real form at once and the page's first seconds run
 * none of its code. The visitor's first touch of the page (a pointer over or on the form, a tap, a
 * key) loads the live form; it replaces the snapshot when it is ready, taking over what was typed,
 * ticked and focused. Moving to the home inside the app renders the live form at once.
 */
const onServer = typeof document === 'undefined';
// Whether this page load began on the prerendered home (this module loads with the first page).
let hydratingHome = !onServer && Boolean(document.getElementById('datos-del-sitio')) && window.location.pathname === '/';

type FormPhase = 'snapshot' | 'loading' | 'live';

function HomeQuoteArea() {
  const area = useRef<HTMLDivElement>(null);
  const liveBox = useRef<HTMLDivElement>(null);
  const taken = useRef<SnapshotState | null>(null);
  // Only the first render of a prerendered home starts from the snapshot (the server's HTML).
  const [phase, setPhase] = useState<FormPhase>(() => (onServer || hydratingHome ? 'snapshot' : 'live'));

  useEffect(() => {
    hydratingHome = false;
    if (phase !== 'snapshot') return;
    const node = area.current;
    const want = () => startTransition(() => setPhase('loading'));
    // A snapshot cannot quote: its submit waits for the live form instead of reloading the page.
    const holdSubmit = (event: Event) => event.preventDefault();
    const onArea = ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const;
    for (const e of onArea) node?.addEventListener(e, want, { capture: true, passive: true, once: true });
    node?.addEventListener('submit', holdSubmit, { capture: true });
    document.addEventListener('keydown', want, { capture: true, passive: true, once: true });
    // The visitor may have reached the form before the page finished starting (a tap while the
    // code was still loading): then it goes live now.
    if (node && (node.contains(document.activeElement) || snapshotTouched(node))) want();
    return () => {
      for (const e of onArea) node?.removeEventListener(e, want, { capture: true });
      node?.removeEventListener('submit', holdSubmit, { capture: true });
      document.removeEventListener('keydown', want, { capture: true });
    };
  }, [phase]);

  // The live form has mounted (hidden): note the snapshot's state, then swap them before painting.
  const onLiveMounted = useCallback(() => {
    const snapshot = area.current?.querySelector('[data-static-snapshot]');
    if (snapshot) taken.current = readSnapshot(snapshot);
    setPhase('live');
  }, []);

  useLayoutEffect(() => {
    if (phase !== 'live' || !taken.current || !liveBox.current) return;
    applySnapshot(taken.current, liveBox.current);
    taken.current = null;
  }, [phase]);

  return (
    <div ref={area}>
      {phase !== 'live' && (
        <StaticSnapshot>
          <Suspense fallback={<QuoteFormPlaceholder />}>
            <LazyHomeQuoteForm />
          </Suspense>
        </StaticSnapshot>
      )}
      {phase !== 'snapshot' && (
        <div ref={liveBox} hidden={phase !== 'live'}>
          <Suspense fallback={phase === 'live' ? <QuoteFormPlaceholder /> : null}>
            <LazyHomeQuoteForm onMounted={phase === 'loading' ? onLiveMounted : undefined} />
          </Suspense>
        </div>
      )}
    </div>
  );
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
  return (
    <>
      <HomeHero form={<HomeQuoteArea />} />
      <RenderWhenNear placeholderHeight="180vh">
        <Suspense fallback={<div style={{ minHeight: '180vh' }} />}>
          <HomeSections />
        </Suspense>
      </RenderWhenNear>
    </>
  );
}
