import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding PostgreSQL's programs (initdb, postgres, pg_dump, pg_restore): PG_BIN when
 * set, else the newest of Debian's /usr/lib/postgresql/<version>/bin, else the first on PATH that
 * has `program`. Throws a message saying how to install them.
 */
export function findPostgresProgram(program: string): string {
  const candidates = [
    process.env.PG_BIN,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  const dir = candidates.find((candidate) => candidate && fs.existsSync(path.join(candidate, program)));
  if (!dir) {
    throw new Error(
      `PostgreSQL's ${program} was not found: install Debian's postgresql package (apt-get install postgresql) ` +
        'or set PG_BIN to the folder holding it.',
    );
  }
  return path.join(dir, program);
}
