// Headless Chromium for the admin page's end-to-end tests: Debian's chromium driven by
// playwright-core, a fresh profile per run, no network beyond the test server. Without
// /usr/bin/chromium the tests are skipped with the reason printed, except in CI (CI=true),
// where a missing browser is a failure: .ci/run installs it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.SERVICE_TEST_CHROMIUM ?? '/usr/bin/chromium';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** Why the browser tests cannot run here, or null when they can. Throws in CI. */
export function browserUnavailable(): string | null {
  if (existsSync(CHROMIUM)) return null;
  const reason = `${CHROMIUM} is missing (install Debian's chromium package: apt-get install -y chromium)`;
  if (process.env.CI === 'true') throw new Error(`CI: browser tests cannot run: ${reason}.`);
  console.log(`# SKIPPED admin page browser tests: ${reason}.`);
  return reason;
}

export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** test-artifacts/admin-page/<store>/<name>.png at the repository root (gitignored). */
export function artifactPath(store: string, name: string): string {
  const dir = join(root, 'test-artifacts', 'admin-page', store);
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page. The page's CSP forbids inline scripts, so axe is evaluated over
 * the DevTools protocol (which CSP does not govern) rather than injected as a <script>.
 */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string | null; help: string; nodes: number }[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return result;
}
