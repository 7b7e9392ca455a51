import { z } from 'zod';

/** Public facts the web app needs at load: support contacts and which integrations are sandbox. */
export const siteInfoSchema = z.object({
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  chatWidgetSrc: z.string().nullable(),
  metaPixelId: z.string().nullable(),
  /** YouTube id of the how-it-works video; null hides the video (no placeholder). */
  howItWorksVideoId: z.string().nullable(),
  /** Some payment method is a sandbox (no real money): every page shows a "modo de pruebas" banner. */
  paymentsSandbox: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
