import { Flags } from '@oclif/core';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { loadServerPackage } from '../../server-package.js';

// The way back from a lost (or revoked) last admin key: whoever can open the store can mint a
// new key for an organization, without the admin API. Like `admin create-org`, it needs the
// server package and the store's location, and prints the key once.
export default class AdminCreateKey extends BaseCommand {
  static override description = 'Create an API key directly in the store (recovery when no admin key is left); needs store access. Prints the key once.';
  static override examples = ['<%= config.bin %> admin create-key --kind admin --data-dir ./data --json', '<%= config.bin %> admin create-key --org ORG_ID --kind admin --database-url mysql://svc@db:3306/service'];
  static override flags = {
    org: Flags.string({ description: 'Organization id (default: the only organization in the store).' }),
    kind: Flags.string({ description: 'Key kind.', options: ['admin', 'runtime'], default: 'admin' }),
    name: Flags.string({ description: 'A label for the key.', default: 'recovery' }),
    'data-dir': Flags.string({ description: 'SQLite store directory (env SERVICE_DATA_DIR).', exclusive: ['database-url'] }),
    'database-url': Flags.string({ description: 'MySQL store URL (env DATABASE_URL).', exclusive: ['data-dir'] }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(AdminCreateKey);
    const server = await loadServerPackage('admin create-key');
    let config;
    try {
      config = server.loadConfig(process.env, { SERVICE_DATA_DIR: flags['data-dir'], DATABASE_URL: flags['database-url'] });
    } catch (err) {
      if (err instanceof server.ConfigError) throw new CliError(err.message, 2);
      throw err;
    }
    let store;
    try {
      store = await server.openStore(config);
    } catch (err) {
      throw new CliError(`Could not open the store (${server.describeTarget(config)}): ${(err as Error).message}`);
    }
    try {
      const orgs = await store.knex('orgs').select('id', 'name');
      const org = flags.org ? orgs.find((o: { id: string }) => o.id === flags.org) : orgs.length === 1 ? orgs[0] : undefined;
      if (!org) {
        const list = orgs.map((o: { id: string; name: string }) => `${o.id} (${o.name})`).join(', ') || 'none';
        throw new CliError(flags.org ? `No organization ${flags.org} in ${server.describeTarget(config)}; organizations: ${list}.` : `Name the organization with --org; organizations in ${server.describeTarget(config)}: ${list}.`);
      }
      const created = await server.createApiKey(store.accounts, org.id, { kind: flags.kind as 'admin' | 'runtime', name: flags.name, createdBy: null });
      if (flags.json) this.printJson({ org_id: org.id, id: created.id, kind: created.kind, key: created.key });
      else {
        this.log(`Created ${created.kind} key ${created.id} for ${org.name} (${org.id}). It is shown once; only its hash is stored:`);
        this.log(`  ${created.key}`);
      }
    } finally {
      await store.close();
    }
  }
}
