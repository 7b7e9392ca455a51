/**
 * c_RegimenFiscal (CFDI 4.0). Source and date: README.md beside this file. `fisica` / `moral`: the
 * catalogue's "Física" and "Moral" columns (the kind of taxpayer the régimen applies to).
 */
export const REGIMEN_FISCAL_ROWS = [
  { key: '601', label: 'General de Ley Personas Morales', fisica: false, moral: true },
  { key: '603', label: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { key: '605', label: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { key: '606', label: 'Arrendamiento', fisica: true, moral: false },
  { key: '607', label: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { key: '608', label: 'Demás ingresos', fisica: true, moral: false },
  { key: '610', label: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { key: '611', label: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { key: '612', label: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { key: '614', label: 'Ingresos por intereses', fisica: true, moral: false },
  { key: '615', label: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { key: '616', label: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { key: '620', label: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { key: '621', label: 'Incorporación Fiscal', fisica: true, moral: false },
  { key: '622', label: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { key: '623', label: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { key: '624', label: 'Coordinados', fisica: false, moral: true },
  { key: '625', label: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  { key: '626', label: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
] as const;
