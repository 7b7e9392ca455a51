import { lazy, Suspense, useEffect } from 'react';
import { RenderWhenNear } from '@/components/ui/render-when-near';
import { HomeHero, QuoteFormPlaceholder } from '@/features/site/components/home-hero';
import { paths } from '@/config/paths';
import { usePublicPageMeta } from '@/lib/page-meta';
import { useHydrated } from '@/lib/use-hydrated';

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
  // The prerendered page holds the form's place; the form itself renders once the app has hydrated.
  const hydrated = useHydrated();
  return (
    <>
      <HomeHero
        form={
          hydrated ? (
            <Suspense fallback={<QuoteFormPlaceholder />}>
              <HomeQuoteForm />
            </Suspense>
          ) : (
            <QuoteFormPlaceholder />
          )
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
