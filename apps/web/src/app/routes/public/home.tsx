import { lazy, Suspense, use, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { adoptTypedValues, applySnapshot, readSnapshot, snapshotTouched, type SnapshotState } from '@/components/ui/static-snapshot';
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
 * The prerendered home carries the quote form as HTML (the same markup, styled), and the page's
 * first seconds run none of its code: while the page hydrates, the form's Suspense boundary waits
 * on the visitor, so React leaves the server's HTML as it is (a dehydrated boundary). The visitor's
 * first touch of the page (a pointer over or on the form, a tap, a key) opens the gate: the form's
 * code loads and React hydrates that same HTML. The box being typed into stays the same element,
 * with the focus, and what was typed or ticked meanwhile is handed to the live form. Moving to the
 * home inside the app renders the live form at once.
 */
const onServer = typeof document === 'undefined';
// Whether this page load began on the prerendered home (this module loads with the first page).
let hydratingHome = !onServer && Boolean(document.getElementById('datos-del-sitio')) && window.location.pathname === '/';

/** Resolved by the visitor's first touch; until then the form's boundary keeps the server's HTML. */
let openGate: () => void = () => {};
const gate: Promise<void> = onServer || !hydratingHome ? Promise.resolve() : new Promise<void>((resolve) => (openGate = resolve));
let gateOpen = onServer || !hydratingHome;
void gate.then(() => (gateOpen = true));

function WaitForVisitor({ children }: { children: ReactNode }) {
  if (!gateOpen) use(gate);
  return children;
}

function HomeQuoteArea() {
  const area = useRef<HTMLDivElement>(null);
  // What the visitor did to the server's form before it went live, in case React had to replace it.
  const taken = useRef<SnapshotState | null>(null);
  const live = useRef(false);

  useEffect(() => {
    hydratingHome = false;
    if (gateOpen) return;
    const node = area.current;
    const want = () => {
      if (node) taken.current = readSnapshot(node);
      openGate();
    };
    // The server's form cannot quote: its submit waits for the live form instead of reloading the page.
    const holdSubmit = (event: Event) => {
      if (!gateOpen || !live.current) event.preventDefault();
    };
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
  }, []);

  // The form hydrated (or rendered fresh): React learns what was typed before.
  const onLiveMounted = useCallback(() => {
    live.current = true;
    const node = area.current;
    const before = taken.current;
    taken.current = null;
    if (!node) return;
    if (before && before.fields.length > 0 && !before.fields[0]!.isConnected) applySnapshot(before, node);
    else adoptTypedValues(node);
  }, []);

  return (
    <div ref={area} data-quote-area="">
      <Suspense fallback={<QuoteFormPlaceholder />}>
        <WaitForVisitor>
          <LazyHomeQuoteForm onMounted={onLiveMounted} />
        </WaitForVisitor>
      </Suspense>
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
