import { z } from 'zod';

/**
 * The owner's launch checklist (`GET /api/v1/admin/launch-checklist`, admins): each setting that
 * still runs on a demonstration value or is missing, what it affects and how to set it. `npm start`
 * in production prints the same list.
 */
export const LAUNCH_STATES = ['demo', 'missing'] as const;
export type LaunchState = (typeof LAUNCH_STATES)[number];
export const launchStateLabels: Readonly<Record<LaunchState, string>> = {
  demo: 'Valor de demostración',
  missing: 'Sin configurar',
};

export const launchItemSchema = z.object({
  /** A stable name for the check (support-phone, paypal…). */
  id: z.string(),
  /** The environment variables that set it, as the README's table names them. */
  setting: z.string(),
  title: z.string(),
  state: z.enum(LAUNCH_STATES),
  /** What a customer or the owner sees while it is not set. */
  affects: z.string(),
  /** How to set it. */
  how: z.string(),
});
export type LaunchItem = z.infer<typeof launchItemSchema>;

export const launchChecklistSchema = z.object({
  items: z.array(launchItemSchema),
  /** The server runs in production (NODE_ENV=production or an https APP_URL). */
  production: z.boolean(),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;
