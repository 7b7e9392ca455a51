import { describe, expect, it } from 'vitest';
import { LabelInputError, renderLabelPdf, type LabelPdfInput } from './label-pdf.js';
import { sampleLabelInput } from './label-pdf.fixtures.js';

/** The sample label, uncompressed so the drawn text can be read back. */
function labelInput(overrides: Partial<LabelPdfInput> = {}): LabelPdfInput {
  return sampleLabelInput({ debugUncompressed: true, ...overrides });
}

/** WinAnsi bytes that differ from Latin-1 and that the label uses. */
const WIN_ANSI: Record<number, string> = { 0x85: '…', 0x97: '—' };

/** The text drawn on the page: pdfkit writes each line as a TJ array of hex strings. */
function drawnLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map(([, parts]) =>
    [...(parts ?? '').matchAll(/<([0-9a-f]*)>/g)]
      .map(([, hex]) => [...Buffer.from(hex ?? '', 'hex')].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''))
      .join(''),
  );
}

describe('renderLabelPdf', () => {
  it('makes a complete PDF of one 4 × 6 in page (288 × 432 pt) with the barcode image', async () => {
    const pdf = await renderLabelPdf(labelInput());
    const text = pdf.toString('latin1');

    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(1);
    expect(text).toContain('/Count 1');
    expect(text).toContain('/MediaBox [0 0 288 432]');
    expect(text).toContain('/Subtype /Image');
  });

  it('prints carrier, service, guide number, both addresses, parcels, folio, date and content', async () => {
    const lines = drawnLines(await renderLabelPdf(labelInput()));

    expect(lines).toEqual(
      expect.arrayContaining([
        'DHL Express',
        'Día Siguiente',
        '7912345678901',
        'REMITENTE',
        'Ferretería Núñez',
        'CP 44100, Guadalajara, Jal.',
        'DESTINATARIO',
        'María José Peña',
        'Calle Ámsterdam 210',
        'Col. Hipódromo Condesa',
        'CP 06100, Ciudad de México',
        'Tel. 5512345678',
        'Paquetes: 2 · Peso facturable total: 5 kg',
        '1. 15 × 30 × 20 cm · 3 kg',
        '2. 10 × 20 × 20.5 cm · 1.25 kg',
        'Folio: 1042',
        'Fecha de envío: lunes, 23 de noviembre de 2026',
        'Contenido: Herramientas de mano',
      ]),
    );
  });

  it('shows the sandbox band only on sandbox guides', async () => {
    const sandbox = drawnLines(await renderLabelPdf(labelInput({ sandbox: true })));
    const real = drawnLines(await renderLabelPdf(labelInput({ sandbox: false })));

    expect(sandbox).toContain('SANDBOX — no válida para envío');
    expect(real.join('\n')).not.toContain('SANDBOX');
  });

  it('gives the ship date of an instant as the day it is in Mexico City', async () => {
    // 05:30 UTC on the 24th is still 23:30 on Monday the 23rd in Mexico City.
    const lines = drawnLines(await renderLabelPdf(labelInput({ shipDate: new Date('2026-11-24T05:30:00Z') })));

    expect(lines).toContain('Fecha de envío: lunes, 23 de noviembre de 2026');
  });

  it('cuts a name too long for the label with an ellipsis and lists at most four parcel lines', async () => {
    const parcels = Array.from({ length: 6 }, () => ({ heightCm: 10, lengthCm: 10, widthCm: 10, weightKg: 1 }));
    const longName = 'María José Peña Ibáñez de la Torre y Hernández Villaseñor de los Santos';
    const lines = drawnLines(await renderLabelPdf(labelInput({ parcels, destination: { ...labelInput().destination, name: longName } })));

    const printedName = lines.find((l) => l.startsWith('María José'));
    expect(printedName?.endsWith('…')).toBe(true);
    expect(printedName?.length).toBeLessThan(longName.length);
    expect(lines).toContain('3. 10 × 10 × 10 cm · 1 kg');
    expect(lines).not.toContain('4. 10 × 10 × 10 cm · 1 kg');
    expect(lines).toContain('… y 3 paquetes más');
  });

  it('refuses a guide without a number with a clear Spanish error', async () => {
    await expect(renderLabelPdf(labelInput({ guideNumber: '' }))).rejects.toThrow(LabelInputError);
    await expect(renderLabelPdf(labelInput({ guideNumber: '   ' }))).rejects.toThrow('No se puede generar la etiqueta: la guía no tiene número.');
  });

  it('refuses a guide number the barcode cannot encode and a shipment without parcels', async () => {
    await expect(renderLabelPdf(labelInput({ guideNumber: 'GUÍA-1' }))).rejects.toThrow(/sin acentos/);
    await expect(renderLabelPdf(labelInput({ parcels: [] }))).rejects.toThrow('el envío no tiene paquetes');
    await expect(renderLabelPdf(labelInput({ shipDate: '23/11/2026' }))).rejects.toThrow('usa AAAA-MM-DD');
  });

  it('gives identical bytes for the same input, compressed as served', async () => {
    const input = labelInput({ debugUncompressed: false, sandbox: true });
    const first = await renderLabelPdf(input);
    const second = await renderLabelPdf(structuredClone(input));

    expect(first.equals(second)).toBe(true);
    expect(first.length).toBeLessThan((await renderLabelPdf(labelInput({ sandbox: true }))).length);
  });
});
