// `service server …` and `service admin …` need the server package; nothing else in the CLI does.
// It is loaded only when one of those commands runs, so a workstation install (which carries no
// server dependency: no Koa, Knex, mysql2 or better-sqlite3) still has every other command.
import { CliError } from './output/errors.js';

export type ServerPackage = typeof import('@service/server');

/** Organization plans, as `service admin create-org --plan` offers them (the server checks them again). */
export const PLANS = ['free', 'early_adopter', 'pro', 'team', 'enterprise'] as const;

export async function loadServerPackage(command: string): Promise<ServerPackage> {
  // A variable specifier: a bundler must not pull the server into the workstation package.
  const specifier = '@service/server';
  try {
    return (await import(specifier)) as ServerPackage;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_MODULE_NOT_FOUND' && String(e.message).includes(specifier)) {
      throw new CliError(
        `\`service ${command}\` needs the server package (@service/server), which is not installed here: this looks like a workstation install. ` +
          'Run it on the server host, from a checkout of the project after `npm ci`.',
      );
    }
    throw err;
  }
}
