import { parseArgs } from 'node:util';
import { ensureAdmin, setAdminPassword } from '../src/server/features/auth/admin-bootstrap';
import { generatePassword } from '../src/server/features/auth/passwords';
import { runCli } from './cli';

/**
 * `npm run admin:reset-password [-- --password NEW] [--username NAME]`: sets a new admin password
 * (generated and printed when none is given) and signs the admin out everywhere.
 */
const { values } = parseArgs({
  options: { password: { type: 'string' }, username: { type: 'string' } },
});

await runCli(async (deps) => {
  const username = values.username ?? deps.config.adminUsername;
  const password = values.password ?? generatePassword();
  if (password.length < 6 || password.length > 128) throw new Error('The password must be 6 to 128 characters.');
  await ensureAdmin(
    { ...deps, config: { ...deps.config, adminUsername: username, adminPassword: password } },
    () => {},
  );
  if (!(await setAdminPassword(deps, username, password))) throw new Error(`No administrator named ${username}.`);
  console.log(values.password ? `Password for ${username} updated.` : `New password for ${username}: ${password}`);
});
