import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../src/db/connect";

// initdb costs seconds: do it (and the migrations) once per run, then every test file clones the result.
// PGlite: a dumped data directory, loaded per file. PostgreSQL: a template database, copied per file.

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `tt_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openPostgres(withDatabase(url, template));
    await database.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteDump", "");
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tt-pglite-"));
  const database = await openPglite(undefined);
  const dump = await database.dump!();
  const file = path.join(dir, "migrated.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteDump", file);
  project.provide("pgTemplate", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
