/**
 * The receptor's name as CFDI 4.0 wants it: exactly as on the Constancia de Situación Fiscal,
 * in upper case and WITHOUT the capital regime (the SAT keeps «EMPRESA EJEMPLO», not «EMPRESA
 * EJEMPLO S.A. DE C.V.»): a name with it is refused at stamping.
 */

/** Upper case with single spaces, as the SAT writes names. */
export function normalizeLegalName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

// Written without dots or commas; compared against the end of the name read the same way.
const REGIMES = [
  'SA DE CV',
  'SAPI DE CV',
  'SAB DE CV',
  'SAS DE CV',
  'S DE RL DE CV',
  'S DE RL MI',
  'S DE RL',
  'SC DE RL DE CV',
  'SC DE RL',
  'SC DE CV',
  'SPR DE RL',
  'S EN C POR A',
  'S EN NC',
  'S EN C',
  'SAPI',
  'SAB',
  'SAS',
  'SA',
  'SC',
  'AC',
  'IAP',
  'ABP',
];

/** The capital regime at the end of a name («S.A. de C.V.», «S. de R.L.»…), as written; undefined without one. */
export function capitalRegimeIn(name: string): string | undefined {
  const words = normalizeLegalName(name).split(' ');
  // Each word without its dots and commas, so «S.A. DE C.V.», «SA DE CV» and «S. A. DE C. V.» read alike.
  const bare = words.map((w) => w.replace(/[.,]/g, ''));
  for (const regime of REGIMES) {
    const parts = regime.split(' ');
    // «S. A.» is two words that make «SA»: compare letters, then find where they start.
    const tail = bare.join(' ').replace(/\b([A-Z]) (?=[A-Z]\b)/g, '$1');
    if (tail === regime) return undefined; // the whole name is the regime: nothing to strip, the name is wrong anyway
    if (tail.endsWith(` ${regime}`)) {
      let letters = parts.join('').length;
      let i = words.length;
      while (letters > 0 && i > 0) {
        i -= 1;
        letters -= bare[i]!.replace(/\s/g, '').length;
      }
      return words.slice(i).join(' ').replace(/^,\s*/, '');
    }
  }
  return undefined;
}

export function legalNameWithoutRegime(name: string): string {
  const regime = capitalRegimeIn(name);
  const normalized = normalizeLegalName(name);
  return regime ? normalized.slice(0, normalized.length - regime.length).replace(/[\s,]+$/, '') : normalized;
}
