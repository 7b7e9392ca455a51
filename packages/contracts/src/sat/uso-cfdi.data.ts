/**
 * c_UsoCFDI (CFDI 4.0). Source and date: README.md beside this file. `fisica` / `moral`: the kind of
 * receptor the use applies to; `regimenes`: the catalogue's "Régimen Fiscal Receptor" column, the
 * receptor's regímenes the use is allowed for.
 */
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] as const;
const PERSONAL = ['605', '606', '608', '611', '612', '614', '607', '615', '625'] as const;
const ANY = ['601', '603', '605', '606', '608', '610', '611', '612', '614', '616', '620', '621', '622', '623', '624', '607', '615', '625', '626'] as const;

export const USO_CFDI_ROWS = [
  { key: 'G01', label: 'Adquisición de mercancías', fisica: true, moral: true, regimenes: BUSINESS },
  {
    key: 'G02',
    label: 'Devoluciones, descuentos o bonificaciones',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'],
  },
  { key: 'G03', label: 'Gastos en general', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I01', label: 'Construcciones', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I02', label: 'Mobiliario y equipo de oficina por inversiones', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I03', label: 'Equipo de transporte', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I04', label: 'Equipo de cómputo y accesorios', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I05', label: 'Dados, troqueles, moldes, matrices y herramental', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I06', label: 'Comunicaciones telefónicas', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I07', label: 'Comunicaciones satelitales', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'I08', label: 'Otra maquinaria y equipo', fisica: true, moral: true, regimenes: BUSINESS },
  { key: 'D01', label: 'Honorarios médicos, dentales y gastos hospitalarios', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D02', label: 'Gastos médicos por incapacidad o discapacidad', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D03', label: 'Gastos funerales', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D04', label: 'Donativos', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D05', label: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D06', label: 'Aportaciones voluntarias al SAR', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D07', label: 'Primas por seguros de gastos médicos', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'D08', label: 'Gastos de transportación escolar obligatoria', fisica: true, moral: false, regimenes: PERSONAL },
  {
    key: 'D09',
    label: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    fisica: true,
    moral: false,
    regimenes: PERSONAL,
  },
  { key: 'D10', label: 'Pagos por servicios educativos (colegiaturas)', fisica: true, moral: false, regimenes: PERSONAL },
  { key: 'S01', label: 'Sin efectos fiscales', fisica: true, moral: true, regimenes: ANY },
  { key: 'CP01', label: 'Pagos', fisica: true, moral: true, regimenes: ANY },
  { key: 'CN01', label: 'Nómina', fisica: true, moral: false, regimenes: ['605'] },
] as const;
