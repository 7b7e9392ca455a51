import { useEffect } from 'react';

let loadedSrc: string | null = null;

/**
 * The third-party chat widget (CHAT_WIDGET_SRC), added once the page has loaded and the browser
 * is idle, so it never delays the first paint. No source configured: nothing at all.
 */
export function useChatWidget(src: string | null | undefined): void {
  useEffect(() => {
    if (!src || loadedSrc === src) return;
    const add = () => {
      if (loadedSrc === src) return;
      loadedSrc = src;
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      script.dataset.chatWidget = 'true';
      document.body.appendChild(script);
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(add, { timeout: 4000 });
      else setTimeout(add, 2000);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => window.removeEventListener('load', whenIdle);
  }, [src]);
}
