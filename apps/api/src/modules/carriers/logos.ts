import type { CarrierCode } from '@envios/contracts/carriers';
import { carrierProvider } from './carrier-list.js';

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Our own logos: a plain lettermark badge per carrier (rounded rectangle, the name in a system
 * sans-serif), coloured as its folder's `badge` says. No carrier artwork is copied; the colours
 * only help tell the badges apart.
 */
export function carrierLogoSvg(code: CarrierCode): string {
  const { badge, name: carrierName } = carrierProvider(code);
  const name = escapeXml(carrierName);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<rect width="160" height="64" rx="14" fill="${badge.background}"/>` +
    `<text x="80" y="32" dy="0.35em" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="${badge.fontSize}" font-weight="700" fill="${badge.foreground}">${name}</text>` +
    `</svg>`
  );
}
