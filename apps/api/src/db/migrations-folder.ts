import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generated migrations live (apps/api/drizzle). Apart, so the template can hash them without importing the migrator. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
