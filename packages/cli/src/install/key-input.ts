// Reading a key for install-hooks without it landing in shell history or in our output.
import { maskKey } from '../config/mask.js';

export async function readKeyFromStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stdin.isTTY) return '';
  let text = '';
  for await (const chunk of stdin) text += chunk;
  return text.trim();
}

/** Masks every bearer token in text shown to a person (dry-run diffs of settings files). */
export function redactBearerTokens(text: string): string {
  return text.replace(/(Bearer\s+)([^\s"'\\]+)/g, (_m, prefix: string, token: string) => (token.startsWith('$') ? prefix + token : prefix + maskKey(token)));
}
