import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root: the root script `npm run db:generate` runs drizzle-kit from there.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/drizzle',
});
