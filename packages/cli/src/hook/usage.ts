// Help text for `service hook`, shared by the forwarder (which runs without oclif) and the
// `service hook-help` command (which lists it in `service help`).
export const HOOK_USAGE = `Usage: service hook --surface SURFACE [--event EVENT] [--timeout-ms N]

Forwards one agent hook call to the policy server and prints the agent's own response.
Agents run this; install it with \`service install-hooks\`, not by hand.

  --surface      claude-code | cursor | codex | gemini | copilot | windsurf | antigravity
  --event        the hook event (default: hook_event_name from the payload); post/after
                 events are audited, the rest evaluated
  --timeout-ms   give up and allow after this long (default 2500, env SERVICE_HOOK_TIMEOUT_MS)

Reads the hook payload (JSON) on stdin. Server URL and runtime key come from SERVICE_URL /
SERVICE_API_KEY, else ~/.service/config.json and ~/.service-plugin/api_key. When the server
cannot be reached, the key is missing or the answer is not usable, it allows the call
(fail-open) and exits 0. On Windsurf a deny is exit code 2 with the reason on stderr.
`;
