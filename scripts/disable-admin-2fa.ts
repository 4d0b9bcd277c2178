import { parseArgs } from 'node:util';
import { disableSecondFactorByCommand } from '../src/server/features/admin-security/service';
import { runCli } from './cli';

/**
 * `npm run admin:disable-2fa [-- --username NAME]`: switches the administrator's second factor off
 * (docs/product.md#admin-second-factor) for an admin who lost their authenticator and recovery
 * codes, and ends their sessions; the password alone signs in again. Like every command it migrates
 * (with a snapshot first when the schema changes) and writes an audit log line.
 */
const { values } = parseArgs({ options: { username: { type: 'string' } } });

await runCli(async (deps) => {
  const username = values.username ?? deps.config.adminUsername;
  const wasOn = await disableSecondFactorByCommand(deps, username);
  console.log(
    wasOn
      ? `Two-factor sign-in is off for ${username}; sign in with the password and set it up again in Settings.`
      : `Two-factor sign-in was not on for ${username}; nothing changed.`,
  );
});
