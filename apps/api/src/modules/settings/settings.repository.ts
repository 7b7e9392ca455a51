import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appSettings } from './settings.table.js';

export async function findSetting(ex: Executor, name: string): Promise<string | undefined> {
  const [row] = await ex.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name)).limit(1);
  return row?.value;
}

/** Stores the value unless the setting exists; answers the value that stands (ours or the first one stored). */
export async function insertSettingOnce(ex: Executor, name: string, value: string, now: Date): Promise<string> {
  await ex.insert(appSettings).values({ name, value, createdAt: now }).onConflictDoNothing({ target: appSettings.name });
  return (await findSetting(ex, name))!;
}
