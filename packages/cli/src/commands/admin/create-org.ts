import { Flags } from '@oclif/core';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { loadServerPackage, PLANS } from '../../server-package.js';

export default class AdminCreateOrg extends BaseCommand {
  static override description = 'Create an organization directly in the store, with its owner and one admin and one runtime key (shown once).';
  static override examples = ['<%= config.bin %> admin create-org --name Acme --plan team --owner-email sec@acme.example --json'];
  static override flags = {
    name: Flags.string({ description: 'Organization name.', required: true }),
    plan: Flags.string({ description: 'Plan (sets the workstation limit).', options: [...PLANS], required: true }),
    'owner-email': Flags.string({ description: 'E-mail of the owner user (the keys’ creator).' }),
    'data-dir': Flags.string({ description: 'SQLite store directory (env SERVICE_DATA_DIR).', exclusive: ['database-url'] }),
    'database-url': Flags.string({ description: 'MySQL store URL (env DATABASE_URL).', exclusive: ['data-dir'] }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(AdminCreateOrg);
    const { createOrg, describeTarget, loadConfig, openStore, ConfigError } = await loadServerPackage('admin create-org');
    let config;
    try {
      config = loadConfig(process.env, { SERVICE_DATA_DIR: flags['data-dir'], DATABASE_URL: flags['database-url'] });
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, 2);
      throw err;
    }
    let store;
    try {
      store = await openStore(config);
    } catch (err) {
      throw new CliError(`Could not open the store (${describeTarget(config)}): ${(err as Error).message}`);
    }
    try {
      const created = await createOrg(store.accounts, { name: flags.name, plan: flags.plan as (typeof PLANS)[number], ownerEmail: flags['owner-email'] });
      if (flags.json) this.printJson(created);
      else {
        this.log(`Created organization ${flags.name} (${created.org_id}), plan ${flags.plan}.`);
        this.log('These keys are shown once; only their hashes are stored:');
        this.log(`  admin key:   ${created.admin_key}`);
        this.log(`  runtime key: ${created.runtime_key}`);
      }
    } catch (err) {
      throw new CliError((err as Error).message);
    } finally {
      await store.close();
    }
  }
}
