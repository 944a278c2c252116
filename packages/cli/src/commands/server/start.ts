import { Flags } from '@oclif/core';
import chalk from 'chalk';
import { BaseCommand } from '../../output/base-command.js';
import { CliError } from '../../output/errors.js';
import { loadServerPackage } from '../../server-package.js';

export default class ServerStart extends BaseCommand {
  static override description = 'Run the server (embedded SQLite by default, MySQL with --database-url).';
  static override examples = ['<%= config.bin %> server start', '<%= config.bin %> server start --port 8443 --host 0.0.0.0 --database-url mysql://svc@db:3306/service'];
  static override flags = {
    port: Flags.integer({ description: 'Port to listen on (env PORT, default 8080).' }),
    host: Flags.string({ description: 'Address to bind (env HOST, default 127.0.0.1).' }),
    'data-dir': Flags.string({ description: 'Directory of the embedded SQLite store (env SERVICE_DATA_DIR, default ./data).' }),
    'database-url': Flags.string({ description: 'mysql://user:pass@host:3306/db (env DATABASE_URL).' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(ServerStart);
    const { ConfigError, loadConfig, startServer } = await loadServerPackage('server start');
    let config;
    try {
      config = loadConfig(process.env, {
        PORT: flags.port?.toString(),
        HOST: flags.host,
        SERVICE_DATA_DIR: flags['data-dir'],
        DATABASE_URL: flags['database-url'],
      });
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, 2);
      throw err;
    }
    let running;
    try {
      running = await startServer(config);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EADDRINUSE') throw new CliError(`Port ${config.port} is already in use; pick another with --port or PORT.`);
      if (e.code === 'ECONNREFUSED') throw new CliError(`Could not connect to the database (${e.message}); check DATABASE_URL and that MySQL is running.`);
      throw new CliError(`The server could not start: ${e.message}`);
    }
    if (flags.json) this.printJson({ url: running.url, bootstrap: running.bootstrap });
    else {
      process.stderr.write(`${chalk.green('✔')} Serving on ${running.url} (${running.deps.store.description})\n`);
      if (running.bootstrap) this.printBootstrap(running.url, running.bootstrap);
    }
    let signals = 0;
    const shutdown = () => {
      if (++signals > 1) process.exit(1);
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
    await new Promise(() => undefined); // serve until a signal
  }

  private printBootstrap(url: string, created: { org_id: string; admin_key: string; runtime_key: string }): void {
    const out = [
      '',
      chalk.bold('First start: created the organization "Default" (plan enterprise).'),
      'These keys are shown once. Copy them now; only their hashes are stored.',
      `  admin key:   ${created.admin_key}`,
      `  runtime key: ${created.runtime_key}`,
      '',
      'Next steps (README "Quick start"), in another terminal of this checkout:',
      `  export SERVICE_URL=${url} SERVICE_API_KEY=${created.runtime_key} SERVICE_ADMIN_KEY=${created.admin_key}`,
      '  bin/service hook --surface claude-code < examples/claude-code-deny.json',
      '  bin/service fleet ls',
      '  bin/service fleet show "$(hostname)"',
      '',
    ];
    process.stderr.write(out.join('\n') + '\n');
  }
}
