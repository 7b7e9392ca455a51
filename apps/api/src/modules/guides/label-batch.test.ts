import { describe, expect, it } from 'vitest';
import { renderLabelPdf, renderLabelsPdf } from './label-pdf.js';
import { sampleLabelInput } from './label-pdf.fixtures.js';
import { parseZpl, pdfBarcodes, pdfPageCount, zplFieldText } from './label-readback.testing.js';
import { renderLabelsZpl, renderLabelZpl, ZPL_HEIGHT, ZPL_WIDTH } from './label-zpl.js';

const inputs = [
  sampleLabelInput(),
  sampleLabelInput({
    guideNumber: 'SBX1234567890',
    numberOfOrder: 1043,
    sandbox: true,
    destination: { ...sampleLabelInput().destination, name: 'Ñandú ^~_ Pérez' },
  }),
  sampleLabelInput({ guideNumber: 'AMSBX00012345', numberOfOrder: 1044 }),
];
const createdAt = new Date('2026-11-23T18:00:00Z');

describe('batch label PDFs read back', () => {
  it('4 × 6: one page per label, each barcode decoding to its guide number', async () => {
    const pdf = await renderLabelsPdf(inputs, '4x6', { createdAt });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(3);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
    expect(pdfBarcodes(pdf)).toEqual(inputs.map((i) => i.guideNumber));
  });

  it('letter: two labels per letter page (three labels, two pages), barcodes intact', async () => {
    const pdf = await renderLabelsPdf(inputs, 'letter', { createdAt });
    expect(pdfPageCount(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 612 792\]/);
    expect(pdfBarcodes(pdf)).toEqual(inputs.map((i) => i.guideNumber));
  });

  it('the single label’s barcode decodes too (the same drawing)', async () => {
    const pdf = await renderLabelPdf(inputs[0]!);
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfBarcodes(pdf)).toEqual(['7912345678901']);
  });
});

describe('ZPL labels', () => {
  it('parses as one ^XA…^XZ block per label at 203 dpi 4 × 6 in, with the guide as Code 128 and every field inside the label', () => {
    const zpl = renderLabelsZpl(inputs);
    const labels = parseZpl(zpl);
    expect(labels).toHaveLength(3);
    labels.forEach((commands, i) => {
      const param = (name: string) => commands.find((c) => c.name === name)?.params;
      expect(param('^PW')).toBe(String(ZPL_WIDTH));
      expect(param('^LL')).toBe(String(ZPL_HEIGHT));
      expect(param('^CI')).toBe('28');
      const bc = commands.findIndex((c) => c.name === '^BC');
      expect(bc).toBeGreaterThan(0);
      expect(commands[bc + 1]).toEqual({ name: '^FD', params: inputs[i]!.guideNumber });
      for (const fo of commands.filter((c) => c.name === '^FO')) {
        const [x, y] = fo.params.split(',').map(Number);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(ZPL_WIDTH);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(ZPL_HEIGHT - 40);
      }
      const texts = commands.filter((c) => c.name === '^FD').map((c) => zplFieldText(c.params));
      const input = inputs[i]!;
      for (const expected of [
        input.carrierName,
        input.serviceName,
        input.origin.name,
        input.destination.name,
        `Folio: ${input.numberOfOrder}`,
        'REMITENTE',
        'DESTINATARIO',
        `Contenido: ${input.contentDescription}`,
      ]) {
        expect(texts).toContain(expected);
      }
      expect(texts).toContain('Fecha de envío: lunes, 23 de noviembre de 2026');
      expect(texts.some((t) => t.startsWith('CP 06100, Ciudad de México'))).toBe(true);
      expect(texts.includes('SANDBOX - no válida para envío')).toBe(input.sandbox);
    });
  });

  it('escapes ^, ~ and _ in data so a name can never start a command', () => {
    const zpl = renderLabelZpl(inputs[1]!);
    expect(zpl).toContain('Ñandú _5E_7E_5F Pérez');
    expect(parseZpl(zpl)).toHaveLength(1);
  });

  it('refuses what the PDF refuses (a guide without a number)', () => {
    expect(() => renderLabelZpl(sampleLabelInput({ guideNumber: ' ' }))).toThrow(/no tiene número/);
  });
});
