import { z } from 'zod';
import { specMessages } from './messages.js';
import { pagedSchema, PAGE_SIZE } from './pagination.js';
import { DEFAULT_USO_CFDI, REGIMEN_FISCAL_KEYS, regimenAppliesTo, regimenLabel, USO_CFDI_KEYS, usoAllowedFor, usoLabel } from './sat/catalogs.js';
import { capitalRegimeIn, normalizeLegalName } from './sat/legal-name.js';
import { checkRfc, normalizeRfc, rfcKindOf, rfcMessages, type RfcKind } from './sat/rfc.js';

/**
 * Accounts: sign-up, sign-in, password recovery, profile and the users admin. The product's
 * established messages are kept as users know them.
 */

export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 12;
export const TEXT_MAX = 35;

/** Stable codes of the accounts feature; the web app branches on these, never on messages. */
export const accountErrorCodes = {
  emailTaken: 'accounts.email_taken',
  invalidCredentials: 'accounts.invalid_credentials',
  inactive: 'accounts.inactive',
  locked: 'accounts.locked',
  tooManyAttempts: 'accounts.too_many_attempts',
  emailNotFound: 'accounts.email_not_found',
  recoveryTokenInvalid: 'accounts.recovery_token_invalid',
  wrongCurrentPassword: 'accounts.wrong_current_password',
  notFound: 'accounts.not_found',
  adminOnly: 'accounts.admin_only',
  purchasesBlocked: 'accounts.purchases_blocked',
  taxDataIncomplete: 'accounts.tax_data_incomplete',
} as const;

/**
 * The account texts. The API answers keep the ones a client may match word for word
 * ('Correo y/o Contraseña inválidos', 'no active', 'El correo no existe'); the screens' texts keep
 * the spec's wording with spelling and accents corrected.
 */
export const accountMessages = {
  invalidCredentials: 'Correo y/o Contraseña inválidos',
  inactive: 'no active',
  pendingTitle: 'Usted ha creado una cuenta en nuestro sistema.',
  pendingBody: 'Aún no ha sido aprobada su cuenta; al ser aprobada será notificado vía WhatsApp.',
  emailNotFound: 'El correo no existe',
  recoverySuccess: '¡Éxito! Verifica tu correo para configurar tu nueva contraseña. Ya puedes cerrar esta ventana.',
  recoveryFailure: '¡Error! El correo no existe.',
  resetSuccess: (seconds: number) =>
    `Su contraseña se ha recuperado satisfactoriamente; en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} será redirigido al inicio de sesión.`,
  settingsSaved: 'Cambios guardados',
  signUpDialogTitle: 'Activación de cuenta',
  purchasesBlocked:
    'Tu cuenta tiene las compras bloqueadas: puedes cotizar y consultar tus envíos, pero no comprar guías ni abonar a tu monedero. Escríbenos para revisarla.',
  taxDataIncomplete: 'Completa tus datos fiscales antes de activar la facturación automática.',
} as const;

/**
 * Where an account stands, as the users admin shows it: approved and in use, waiting for its
 * first approval, deactivated by an admin after it was approved, or locked whole (no sign-in).
 * 'Bloquear compras' is apart: an active account may be blocked from buying only.
 */
export const ACCOUNT_STATUSES = ['active', 'pending_approval', 'deactivated', 'locked'] as const;
export type AccountStatusCode = (typeof ACCOUNT_STATUSES)[number];
export const accountStatusLabels: Readonly<Record<AccountStatusCode, string>> = {
  active: 'Activo',
  pending_approval: 'Pendiente de aprobación',
  deactivated: 'Desactivado',
  locked: 'Cuenta bloqueada',
};

export function accountStatusOf(account: { active: boolean; locked: boolean; approvedAt: Date | string | null }): AccountStatusCode {
  if (account.locked) return 'locked';
  if (account.active) return 'active';
  return account.approvedAt ? 'deactivated' : 'pending_approval';
}

// Control characters never belong in a name; they would also break mail headers.
const noControlChars = /^[^\p{Cc}]*$/u;

const personName = (label: string, plural = false) =>
  z
    .string({ error: `${label} ${plural ? 'son obligatorios' : 'es obligatorio'}.` })
    .trim()
    .min(1, { error: `${label} ${plural ? 'son obligatorios' : 'es obligatorio'}.` })
    .max(TEXT_MAX, { error: `${label} debe tener como máximo ${TEXT_MAX} caracteres.` })
    .regex(noControlChars, { error: `${label} contiene caracteres no válidos.` });

export const firstNameSchema = personName('El nombre');
export const lastNameSchema = personName('Los apellidos', true);

export const emailSchema = z
  .string({ error: specMessages.invalidEmail })
  .trim()
  .min(1, { error: specMessages.invalidEmail })
  .max(TEXT_MAX, { error: specMessages.invalidEmail })
  .pipe(z.email({ error: specMessages.invalidEmail }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: specMessages.passwordLength })
  .min(PASSWORD_MIN, { error: specMessages.passwordLength })
  .max(PASSWORD_MAX, { error: specMessages.passwordLength });

/** Digits only, at most 10 (a Mexican number has 10). */
export const phoneSchema = z
  .string({ error: specMessages.invalidPhone })
  .trim()
  .regex(/^\d{7,10}$/, { error: specMessages.invalidPhone });

/** Optional; an empty box means no website. Only http(s) addresses, never `javascript:`. */
export const websiteSchema = z
  .string({ error: specMessages.invalidUrl })
  .trim()
  .max(200, { error: 'El sitio web debe tener como máximo 200 caracteres.' })
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/, error: specMessages.invalidUrl }).optional());

/** In an update, an empty box clears the website (null). */
export const websiteUpdateSchema = z
  .string({ error: specMessages.invalidUrl })
  .trim()
  .max(200, { error: 'El sitio web debe tener como máximo 200 caracteres.' })
  .transform((v) => (v === '' ? null : v))
  .pipe(z.url({ protocol: /^https?$/, error: specMessages.invalidUrl }).nullable());

export const rolSchema = z.enum(['user', 'admin']);
export type Rol = z.infer<typeof rolSchema>;

/** The RFC's shape, check digit and kind (12 characters a company, 13 a person): sat/rfc.ts. */
export const rfcHint = rfcMessages.format;

export const taxDataMessages = {
  nameRequired: 'La razón social es obligatoria.',
  nameWithRegime: (regime: string) =>
    `Escribe la razón social sin el régimen capital («${regime}»), tal como aparece en tu Constancia de Situación Fiscal: por ejemplo «EMPRESA EJEMPLO» y no «EMPRESA EJEMPLO S.A. DE C.V.».`,
  publicoGeneral:
    'XAXX010101000 es el RFC genérico de público en general: no sirve para deducir. Escribe tu propio RFC; sin datos fiscales, tus pagos entran en la factura global del mes.',
  extranjero: 'XEXX010101000 es el RFC genérico de extranjeros, que aquí no facturamos: escribe un RFC mexicano o escríbenos.',
  taxSystemRequired: 'Elige tu régimen fiscal, como aparece en tu Constancia de Situación Fiscal.',
  taxSystemKind: (regimen: string, kind: RfcKind) =>
    kind === 'fisica'
      ? `El régimen ${regimen} es de empresas (personas morales) y tu RFC de 13 caracteres es de una persona física: elige un régimen de persona física.`
      : `El régimen ${regimen} es de personas físicas y tu RFC de 12 caracteres es de una empresa: elige un régimen de persona moral.`,
  useRequired: 'Elige el uso CFDI.',
  useNotAllowed: (uso: string, regimen: string) => `El SAT no permite el uso ${uso} con el régimen ${regimen}: elige uno de la lista.`,
  emailInvalid: 'Escribe el correo donde quieres recibir tus facturas.',
} as const;

export const taxInformationSchema = z
  .object({
    /** Razón social or the person's name, as on the Constancia de Situación Fiscal. */
    name: z
      .string({ error: taxDataMessages.nameRequired })
      .transform(normalizeLegalName)
      .pipe(
        z
          .string()
          .min(1, { error: taxDataMessages.nameRequired })
          .max(254, { error: 'La razón social debe tener como máximo 254 caracteres.' })
          .regex(noControlChars, { error: 'La razón social contiene caracteres no válidos.' }),
      )
      .superRefine((name, ctx) => {
        const regime = capitalRegimeIn(name);
        if (regime) ctx.addIssue({ code: 'custom', message: taxDataMessages.nameWithRegime(regime) });
      }),
    rfc: z
      .string({ error: 'El RFC es obligatorio.' })
      .transform(normalizeRfc)
      .pipe(z.string().min(1, { error: 'El RFC es obligatorio.' }))
      .superRefine((rfc, ctx) => {
        const check = checkRfc(rfc);
        if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
        else if (check.generic === 'publico_general') ctx.addIssue({ code: 'custom', message: taxDataMessages.publicoGeneral });
        else if (check.generic === 'extranjero') ctx.addIssue({ code: 'custom', message: taxDataMessages.extranjero });
      }),
    /** c_RegimenFiscal key. */
    tax_system: z.enum(REGIMEN_FISCAL_KEYS, { error: taxDataMessages.taxSystemRequired }),
    /** c_UsoCFDI key; G03 «Gastos en general» unless the person chooses another. */
    cfdi_use: z.enum(USO_CFDI_KEYS, { error: taxDataMessages.useRequired }).default(DEFAULT_USO_CFDI),
    /** Where the invoices are sent. */
    email: z
      .string({ error: taxDataMessages.emailInvalid })
      .trim()
      .max(120, { error: 'El correo debe tener como máximo 120 caracteres.' })
      .pipe(z.email({ error: taxDataMessages.emailInvalid }))
      .transform((v) => v.toLowerCase()),
    phone: z
      .string({ error: 'El teléfono es obligatorio.' })
      .trim()
      .regex(/^\d{7,10}$/, { error: specMessages.invalidPhone }),
    address: z
      .string({ error: 'La calle y el número son obligatorios.' })
      .trim()
      .min(1, { error: 'La calle y el número son obligatorios.' })
      .max(120, { error: 'La calle y el número deben tener como máximo 120 caracteres.' }),
    colony: z
      .string({ error: 'La colonia es obligatoria.' })
      .trim()
      .min(1, { error: 'La colonia es obligatoria.' })
      .max(120, { error: 'La colonia debe tener como máximo 120 caracteres.' }),
    /** The domicilio fiscal's postal code (the API also checks it is in the catalogue). */
    postal_code: z
      .string({ error: 'El código postal es obligatorio.' })
      .trim()
      .regex(/^\d{5}$/, { error: 'El código postal debe tener 5 dígitos.' }),
    state_city: z
      .string({ error: 'El estado y la ciudad son obligatorios.' })
      .trim()
      .min(1, { error: 'El estado y la ciudad son obligatorios: búscalos por código postal.' })
      .max(120, { error: 'El estado y la ciudad deben tener como máximo 120 caracteres.' }),
  })
  // The SAT checks the régimen against the kind of RFC and the use against the régimen.
  .superRefine((tax, ctx) => {
    const kind = rfcKindOf(tax.rfc);
    if (!kind) return;
    if (!regimenAppliesTo(tax.tax_system, kind)) {
      ctx.addIssue({ code: 'custom', path: ['tax_system'], message: taxDataMessages.taxSystemKind(regimenLabel(tax.tax_system), kind) });
    } else if (!usoAllowedFor(tax.cfdi_use, tax.tax_system, kind)) {
      ctx.addIssue({ code: 'custom', path: ['cfdi_use'], message: taxDataMessages.useNotAllowed(usoLabel(tax.cfdi_use), regimenLabel(tax.tax_system)) });
    }
  });
export type TaxInformation = z.infer<typeof taxInformationSchema>;
export type TaxInformationInput = z.input<typeof taxInformationSchema>;

/**
 * The stored tax information as answers carry it (no transforms: response schemas only encode).
 * Régimen, use and e-mail are absent from data saved before invoicing existed.
 */
export const taxInformationOutputSchema = z.object({
  name: z.string(),
  rfc: z.string(),
  tax_system: z.string().optional(),
  cfdi_use: z.string().optional(),
  email: z.string().optional(),
  phone: z.string(),
  address: z.string(),
  colony: z.string(),
  postal_code: z.string(),
  state_city: z.string(),
});

/** Tax data that can be stamped as is (what automatic invoicing needs). */
export function isTaxDataComplete(tax: unknown): boolean {
  return taxInformationSchema.safeParse(tax).success;
}

// ---------------------------------------------------------------- sign-up and sign-in

/** `POST /users`: `rol` is accepted for the spec's client and ignored: sign-up is always `user`. */
export const signUpInputSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  website: websiteSchema.optional(),
  rol: z.string().optional(),
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

/** The sign-up form: the same fields plus the confirmation. */
export const signUpFormSchema = signUpInputSchema
  .omit({ rol: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: specMessages.passwordsDontMatch,
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

export const signUpResponseSchema = z.object({ _id: z.uuid(), active: z.boolean() });

export const signInInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.input<typeof signInInputSchema>;
export const signInResponseSchema = z.object({ id: z.uuid(), token: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

// ---------------------------------------------------------------- password recovery

export const passwordRecoveryInputSchema = z.object({ email: emailSchema });
export type PasswordRecoveryInput = z.input<typeof passwordRecoveryInputSchema>;
export const passwordResetParamsSchema = z.object({
  token: z.string().trim().min(20, { error: 'El enlace no es válido.' }).max(200, { error: 'El enlace no es válido.' }),
});
export const passwordResetInputSchema = z.object({ password: passwordSchema });
export const passwordResetFormSchema = passwordResetInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: specMessages.passwordsDontMatch });
export type PasswordResetForm = z.input<typeof passwordResetFormSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

// ---------------------------------------------------------------- profile

/** A user as the API shows it: never the password hash, never a token. */
export const userSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  rol: rolSchema,
  active: z.boolean(),
  /** The whole account is locked (no sign-in). */
  locked: z.boolean(),
  /** May sign in and quote, never buy. */
  purchasesBlocked: z.boolean(),
  /** The first approval; null while pending. */
  approvedAt: z.iso.datetime().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  invoice: z.boolean(),
  taxInformation: taxInformationOutputSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'El identificador del usuario no es válido.' }) });

/**
 * `PUT /users/{id}`: one of these variants: `{active}`, `{locked}` (the whole account)
 * and `{purchasesBlocked}` (buying only) for admins only;
 * `{password}` needs `currentPassword` when people change their own.
 */
export const updateUserInputSchema = z
  .strictObject(
    {
      active: z.boolean({ error: 'El estado de la cuenta debe ser verdadero o falso.' }).optional(),
      locked: z.boolean({ error: 'El bloqueo debe ser verdadero o falso.' }).optional(),
      purchasesBlocked: z.boolean({ error: 'El bloqueo de compras debe ser verdadero o falso.' }).optional(),
      firstName: firstNameSchema.optional(),
      lastName: lastNameSchema.optional(),
      website: websiteUpdateSchema.optional(),
      password: passwordSchema.optional(),
      currentPassword: z.string().max(128).optional(),
      taxInformation: taxInformationSchema.optional(),
      invoice: z.boolean({ error: 'La facturación automática debe ser verdadero o falso.' }).optional(),
    },
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Estos campos no se pueden modificar: ${issue.keys.join(', ')}.` : 'Revisa los datos enviados.'),
    },
  )
  .refine((v) => Object.keys(v).some((k) => k !== 'currentPassword'), { error: 'No enviaste ningún cambio.' });
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

/** The account form requires first name, last name and website. */
export const accountFormSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  website: z
    .string({ error: specMessages.invalidUrl })
    .trim()
    .min(1, { error: 'El sitio web es obligatorio.' })
    .max(200, { error: 'El sitio web debe tener como máximo 200 caracteres.' })
    .pipe(z.url({ protocol: /^https?$/, error: specMessages.invalidUrl })),
});
export type AccountForm = z.input<typeof accountFormSchema>;

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'La contraseña actual es obligatoria.' }),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], error: specMessages.passwordsDontMatch });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

// ---------------------------------------------------------------- users admin

export const userListQuerySchema = z.object({
  filter: z.string().trim().max(80, { error: 'La búsqueda debe tener como máximo 80 caracteres.' }).optional(),
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'El tamaño de página debe ser un número.' }).int().min(1).max(100).default(PAGE_SIZE),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
/** A row of the users admin table: the user and their wallet balance ('Monedero', MXN). */
export const userListItemSchema = userSchema.extend({ balance: z.number().optional() });
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListResponseSchema = pagedSchema(userListItemSchema);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** `POST /users/createFromDashboard`: all fields required; `rol` is always user. */
export const createUserFromDashboardInputSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
  rol: z.string().optional(),
});
export type CreateUserFromDashboardInput = z.input<typeof createUserFromDashboardInputSchema>;

/** Where a guarded page may send people back after sign-in: same-site paths only. */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
