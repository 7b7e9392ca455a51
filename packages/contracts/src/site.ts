import { z } from 'zod';

/** A social profile of the company, configured by the operator (SOCIAL_LINKS). */
export const socialLinkSchema = z.object({
  /** facebook, instagram, x, tiktok, youtube, linkedin, or `web` for any other site. */
  network: z.string(),
  /** How people call it ('Facebook', 'Instagram' … or the site's host). */
  label: z.string(),
  url: z.string(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/**
 * Who runs the site, as the legal pages state it. Only what the operator configured: a fact that
 * is not configured is null and the pages say it is pending, never an invented one.
 */
export const companySchema = z.object({
  /** Trade name shown everywhere (COMPANY_NAME, 'Envíos MX' by default: the product's own name). */
  name: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  rfc: z.string().nullable(),
  /** Where support and privacy requests go by e-mail (SUPPORT_EMAIL); null: through the contact form. */
  supportEmail: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** Public facts the web app needs at load: support contacts, the company, optional scripts. */
export const siteInfoSchema = z.object({
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  /**
   * True while SUPPORT_PHONE or WHATSAPP_NUMBER are not configured: the numbers shown are the
   * demonstration defaults and every screen says so.
   */
  demoContacts: z.boolean(),
  /** 'de 9:00 a 18:00, de lunes a viernes' unless SUPPORT_HOURS says otherwise. */
  supportHours: z.string(),
  company: companySchema,
  socialLinks: z.array(socialLinkSchema),
  chatWidgetSrc: z.string().nullable(),
  metaPixelId: z.string().nullable(),
  /** YouTube id of the how-it-works video; null hides the video (no placeholder). */
  howItWorksVideoId: z.string().nullable(),
  /** Some payment method is a sandbox (no real money): every page shows a "modo de pruebas" banner. */
  paymentsSandbox: z.boolean(),
  /**
   * The ways a customer can pay today (a method without keys is off in production): the footer
   * lists only these, so no page promises a method the site does not take.
   */
  paymentMethods: z.object({ paypal: z.boolean(), card: z.boolean(), oxxo: z.boolean() }),
  /** When the owner last updated the terms of service (TERMS_DATE, YYYY-MM-DD); null: not set yet. */
  termsDate: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });

/** `GET /api/health/ready`: 200 when every check passes, 503 naming the ones that fail. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    /** The database answers a query. */
    database: z.boolean(),
    /** Every migration this version ships is applied. */
    migrations: z.boolean(),
    /** The postal-code and carrier catalogues are in memory. */
    catalogues: z.boolean(),
    /** The process is not shutting down. */
    accepting: z.boolean(),
  }),
  message: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
