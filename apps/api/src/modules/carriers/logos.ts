import { CARRIER_NAMES, type CarrierCode } from '@envios/contracts/carriers';

/**
 * Our own logos: a plain lettermark badge per carrier (rounded rectangle, the name in a system
 * sans-serif). No carrier artwork is copied; the colours only help tell the badges apart.
 */
const BADGES: Readonly<Record<CarrierCode, { background: string; foreground: string; fontSize: number }>> = {
  dhl: { background: '#FFCC00', foreground: '#B3121B', fontSize: 30 },
  redpack: { background: '#C62828', foreground: '#FFFFFF', fontSize: 26 },
  fedex: { background: '#4A2C82', foreground: '#FFFFFF', fontSize: 28 },
  ampm: { background: '#0B5394', foreground: '#FFFFFF', fontSize: 28 },
  estafeta: { background: '#263238', foreground: '#FFD54F', fontSize: 24 },
};

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function carrierLogoSvg(code: CarrierCode): string {
  const badge = BADGES[code];
  const name = escapeXml(CARRIER_NAMES[code]);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<rect width="160" height="64" rx="14" fill="${badge.background}"/>` +
    `<text x="80" y="32" dy="0.35em" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="${badge.fontSize}" font-weight="700" fill="${badge.foreground}">${name}</text>` +
    `</svg>`
  );
}
