// Prepares the embedded database that new data directories start from (part of `npm run build`;
// `npm start` does it too when it is missing). Does nothing when the prepared copy is current.
import { ensureTemplate } from './template.build.js';

await ensureTemplate();
