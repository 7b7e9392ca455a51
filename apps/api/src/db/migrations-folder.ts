import path from 'node:path';
import { apiRoot } from '../api-root.js';

/** Where the generated migrations live (apps/api/drizzle). Apart, so the template can hash them without importing the migrator. */
export const migrationsFolder = path.join(apiRoot, 'drizzle');
