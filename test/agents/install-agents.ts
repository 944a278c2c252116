// Installs (or confirms) the three published agents in the cache outside the project tree and
// prints one line per agent, so CI says plainly which agent could not be installed instead of
// passing without it. Exit code 1 when any is missing. Used by ci-agents.sh; also handy by hand:
//   node --import tsx test/agents/install-agents.ts
import { AGENTS, agentsCache, ensureAgent, type AgentName } from './support/agents.js';

let missing = 0;
process.stdout.write(`agents cache: ${agentsCache()}\n`);
for (const name of Object.keys(AGENTS) as AgentName[]) {
  const spec = AGENTS[name];
  try {
    const { bin, version } = await ensureAgent(name);
    process.stdout.write(`ok      ${name} ${spec.pkg}@${version} (${bin})\n`);
  } catch (err) {
    missing += 1;
    process.stdout.write(`MISSING ${name}: ${(err as Error).message.replace(/\n/g, '\n        ')}\n`);
  }
}
process.exitCode = missing > 0 ? 1 : 0;
