import { useEffect, useSyncExternalStore } from 'react';

/**
 * The Meta ad pixel, behind the visitor's consent. Nothing is requested from Meta until the
 * visitor accepts marketing cookies in the banner, and only when META_PIXEL_ID is configured.
 * Events asked for before the answer wait; a refusal drops them.
 */

export type Consent = 'granted' | 'denied';
export type AdEvent = 'ViewContent' | 'InitiateCheckout';

const STORAGE_KEY = 'envios_consentimiento_marketing';
const SCRIPT_SRC = 'https://connect.facebook.net/en_US/fbevents.js';

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  loaded?: boolean;
  version?: string;
  push?: unknown;
  callMethod?: (...args: unknown[]) => void;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let pixelId: string | null | undefined;
let started = false;
let pending: { name: AdEvent; params?: Record<string, unknown> }[] = [];
const listeners = new Set<() => void>();
let consentCache: Consent | null | undefined;

function readConsent(): Consent | null {
  if (consentCache !== undefined) return consentCache;
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    consentCache = value === 'granted' || value === 'denied' ? value : null;
  } catch {
    consentCache = null;
  }
  return consentCache;
}

function notify(): void {
  for (const l of listeners) l();
}

/** The standard pixel bootstrap, written out so no inline script is needed (the CSP forbids them). */
function startPixel(id: string): void {
  if (started) return;
  started = true;
  const fbq: Fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue!.push(args);
  };
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = SCRIPT_SRC;
  document.head.appendChild(script);
  fbq('init', id);
  fbq('track', 'PageView');
}

function flush(): void {
  if (!pixelId || readConsent() !== 'granted') return;
  startPixel(pixelId);
  for (const e of pending) window.fbq?.('track', e.name, e.params ?? {});
  pending = [];
}

/** Called once the site facts are known: the configured pixel, or null for none. */
export function configureAdPixel(id: string | null): void {
  if (pixelId === id) return;
  pixelId = id;
  if (!id) pending = [];
  flush();
  notify();
}

export function isAdPixelConfigured(): boolean {
  return Boolean(pixelId);
}

export function setMarketingConsent(granted: boolean): void {
  consentCache = granted ? 'granted' : 'denied';
  try {
    window.localStorage.setItem(STORAGE_KEY, consentCache);
  } catch {
    // Private mode: the answer holds for this visit only.
  }
  if (granted) flush();
  else pending = [];
  notify();
}

/** Shows the banner again (the footer's 'Cookies' link). */
export function resetMarketingConsent(): void {
  consentCache = null;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

/** Sends a standard event once consent and the pixel allow it; never before. */
export function trackAdEvent(name: AdEvent, params?: Record<string, unknown>): void {
  if (pixelId === null || readConsent() === 'denied') return;
  pending.push({ name, ...(params ? { params } : {}) });
  flush();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * 'unknown' on the server and while hydrating (so the prerendered HTML and the first render
 * agree), then the stored answer, or null while the visitor has not answered.
 */
export function useMarketingConsent(): { consent: Consent | null | 'unknown'; configured: boolean } {
  const consent = useSyncExternalStore(subscribe, readConsent, () => 'unknown' as const);
  const configured = useSyncExternalStore(subscribe, isAdPixelConfigured, () => false);
  return { consent, configured };
}

/** Fires `name` once when the screen shows (ViewContent on the legal and FAQ pages, InitiateCheckout on payment summaries). */
export function useAdEvent(name: AdEvent, params?: Record<string, unknown>): void {
  const key = params ? JSON.stringify(params) : '';
  useEffect(() => {
    trackAdEvent(name, key ? (JSON.parse(key) as Record<string, unknown>) : undefined);
  }, [name, key]);
}
