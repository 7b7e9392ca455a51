import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';

// The modal (and Mantine's Modal, tables and the tracking call) loads only when someone searches.
const TrackingModal = lazy(() => import('./tracking-modal'));

/**
 * The 'Resultado del Envío' modal for a layout's Rastrear search: `open(guide)` shows it, `modal`
 * is the element to render once (nothing until the first search).
 */
export function useTrackingModal(): { open: (guide: string) => void; modal: ReactNode } {
  const [guide, setGuide] = useState('');
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: string) => {
    setGuide(next);
    setOpened(true);
  }, []);
  const modal =
    guide === '' ? null : (
      <Suspense fallback={null}>
        <TrackingModal guide={guide} opened={opened} onClose={() => setOpened(false)} />
      </Suspense>
    );
  return { open, modal };
}
