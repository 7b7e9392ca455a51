import { describe, expect, it } from 'vitest';
import { capitalRegimeIn, legalNameWithoutRegime, normalizeLegalName } from './legal-name.js';
import { DEFAULT_USO_CFDI, REGIMENES_FISCALES, regimenAppliesTo, regimenesFor, USOS_CFDI, usoAllowedFor, usosFor } from './catalogs.js';

describe('SAT catalogues', () => {
  it('c_RegimenFiscal: companies and persons each have their regímenes; RESICO and foreign residents both', () => {
    expect(regimenesFor('moral').map((r) => r.key)).toEqual(['601', '603', '610', '620', '622', '623', '624', '626']);
    expect(regimenesFor('fisica').map((r) => r.key)).toContain('612');
    expect(regimenAppliesTo('601', 'fisica')).toBe(false);
    expect(regimenAppliesTo('612', 'moral')).toBe(false);
    expect(regimenAppliesTo('626', 'fisica') && regimenAppliesTo('626', 'moral')).toBe(true);
    expect(REGIMENES_FISCALES.every((r) => r.fisica || r.moral)).toBe(true);
  });

  it('c_UsoCFDI: G03 (the default) is allowed for business regímenes, never for salaried persons', () => {
    expect(DEFAULT_USO_CFDI).toBe('G03');
    expect(usoAllowedFor('G03', '601')).toBe(true);
    expect(usoAllowedFor('G03', '612')).toBe(true);
    expect(usoAllowedFor('G03', '605')).toBe(false);
    expect(usoAllowedFor('G03', '616')).toBe(false);
    expect(usosFor('605').map((u) => u.key)).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01', 'CP01', 'CN01']);
    // Personal deductions are for persons only, even under a régimen a company could share.
    expect(usosFor('626', 'moral').some((u) => u.key.startsWith('D'))).toBe(false);
    expect(usoAllowedFor('S01', '616')).toBe(true);
  });

  it('every use names only regímenes of the catalogue', () => {
    const keys = new Set(REGIMENES_FISCALES.map((r) => r.key));
    for (const u of USOS_CFDI) for (const r of u.regimenes) expect(keys.has(r), `${u.key} → ${r}`).toBe(true);
  });
});

describe('legal name without the capital regime', () => {
  it('finds the regime however it is written and leaves the name as the SAT has it', () => {
    expect(capitalRegimeIn('Empresa Ejemplo S.A. de C.V.')).toBe('S.A. DE C.V.');
    expect(capitalRegimeIn('EMPRESA EJEMPLO, SA DE CV')).toBe('SA DE CV');
    expect(capitalRegimeIn('Tienda Luna S. de R.L. de C.V.')).toBe('S. DE R.L. DE C.V.');
    expect(capitalRegimeIn('Comercial S. A. de C. V.')).toBe('S. A. DE C. V.');
    expect(legalNameWithoutRegime('Empresa Ejemplo, S.A. de C.V.')).toBe('EMPRESA EJEMPLO');
  });

  it('a name without one is left alone, even when a word ends like one', () => {
    expect(capitalRegimeIn('ESCUELA KEMPER URGATE')).toBeUndefined();
    expect(capitalRegimeIn('Salsa y Masa')).toBeUndefined();
    expect(normalizeLegalName('  maría   peña ')).toBe('MARÍA PEÑA');
  });
});
