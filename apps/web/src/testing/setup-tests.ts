import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { applySpanishValidationMessages } from '@envios/contracts/messages';

applySpanishValidationMessages();
// Component tests decide who is signed in through their mocked /api/v1/me; the session hint the
// server sets with its cookie is always there, so the app always asks.
document.cookie = 'envios_hay_sesion=1; path=/';
afterEach(() => cleanup());
// Lazy chunks transform slowly on a busy 2-core CI machine; give async queries room.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; Mantine's components read them.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
