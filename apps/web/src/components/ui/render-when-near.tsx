import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

export interface RenderWhenNearProps {
  children: ReactNode;
  /** Height held before the content renders, so nothing above it moves. */
  placeholderHeight: string;
  /** How far below the screen rendering starts (CSS margin syntax). */
  rootMargin?: string;
}

/**
 * Renders its content only when the visitor scrolls near it (or at once where the browser lacks
 * IntersectionObserver), keeping below-the-fold work off the first load's main thread.
 */
const noSubscription = () => () => undefined;

export function RenderWhenNear({ children, placeholderHeight, rootMargin = '600px 0px' }: RenderWhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Never near on the server nor while hydrating (the prerendered HTML must match the first render).
  const [near, setNear] = useState(false);
  const cannotObserve = useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  );
  useEffect(() => {
    if (near || cannotObserve || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, cannotObserve, rootMargin]);
  if (near || cannotObserve) return <>{children}</>;
  // Hidden without JavaScript (index.html), where it would only be an empty gap.
  return <div ref={ref} data-render-when-near="" style={{ minHeight: placeholderHeight }} />;
}
