import { useEffect, useRef, useState, type ReactNode } from 'react';

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
export function RenderWhenNear({ children, placeholderHeight, rootMargin = '600px 0px' }: RenderWhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Never near on the server nor while hydrating (the prerendered HTML must match the first render).
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  if (near) return <>{children}</>;
  // Hidden without JavaScript (index.html), where it would only be an empty gap.
  return <div ref={ref} data-render-when-near="" style={{ minHeight: placeholderHeight }} />;
}
