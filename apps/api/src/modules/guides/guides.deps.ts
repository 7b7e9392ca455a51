import type { Caller } from '../../plugins/auth.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';

/** What the guides routes need: the database, the clock, and the secret that signs the e-mailed label links. */
export interface GuidesDeps {
  db: Database;
  clock: Clock;
  secret: string;
  /** The shipments a bulk upload created, for «descargar etiquetas» of that upload (the bulk module answers; 404/403 as it decides). */
  bulkShipmentIds?: ((caller: Caller, uploadId: string) => Promise<string[]>) | undefined;
}
