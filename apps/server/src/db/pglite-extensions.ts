// The PostgreSQL extensions the schema uses, which PGlite loads only when asked: every PGlite that
// opens a Liftwacht database (the server, backups, the build's template) passes these.
// pg_trgm: trigram indexes behind the lift search's "contains" matches (migration 0021).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm };
