// Cloud storage opened to everyone: a bucket policy or ACL that grants the public (`Principal: "*"`,
// `allUsers`, `public-read`), by the CLIs (`aws s3api`, `gsutil`, `gcloud storage`, `az storage`) or
// an MCP tool's policy document (mcp.ts publicExposure). Every object in it, present and future, can
// then be read by anyone who guesses the name: a data leak that needs no upload.
import type { SimpleCommand } from '../shell/types.js';
import type { RuleContext } from './context.js';
import { optionValue, optionValues, positionals } from './facts.js';

/**
 * Whom a resource policy document opens an object to, when it is everyone: an AWS statement that
 * allows `Principal: "*"` (or `{"AWS": "*"}`) with no condition, a Google IAM binding to `allUsers`
 * or `allAuthenticatedUsers`. Deny statements (`Deny` to `*` without TLS is the usual hardening) and
 * conditioned grants (a source VPC, an organisation id) open nothing. JSON text or an object.
 */
export function publicPolicyDocument(v: unknown): string | undefined {
  let doc = v;
  if (typeof v === 'string') {
    if (v.length > 65_536 || !/allusers|allauthenticatedusers|principal/i.test(v)) return undefined;
    try {
      doc = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  if (!doc || typeof doc !== 'object') return undefined;
  const d = doc as Record<string, unknown>;
  const statements = Array.isArray(d.Statement) ? d.Statement : d.Statement && typeof d.Statement === 'object' ? [d.Statement] : [];
  for (const st of statements.slice(0, 100)) {
    if (!st || typeof st !== 'object') continue;
    const s = st as Record<string, unknown>;
    if (s.Effect !== 'Allow' || s.Condition !== undefined) continue;
    const p = s.Principal;
    const aws = p && typeof p === 'object' ? (p as Record<string, unknown>).AWS : undefined;
    if (p === '*' || aws === '*' || (Array.isArray(aws) && aws.includes('*'))) return 'anyone (Principal "*")';
  }
  const bindings = Array.isArray(doc) ? doc : Array.isArray(d.bindings) ? d.bindings : [];
  for (const b of bindings.slice(0, 100)) {
    const members = b && typeof b === 'object' ? (b as Record<string, unknown>).members : undefined;
    const all = Array.isArray(members) ? members.find((m) => m === 'allUsers' || m === 'allAuthenticatedUsers') : undefined;
    if (all) return `anyone (${all})`;
  }
  return undefined;
}

// Buckets named as what a website or download area serves: made public on purpose.
const SITE_BUCKET = /(?:^|[-_.])(?:www|site|website|static|assets|cdn|public|web|docs|media|images|img|downloads|releases)(?:$|[-_.])/i;

/** What a storage command opens to everyone, as a phrase, and the bucket; undefined when nothing. */
function publicGrant(cmd: SimpleCommand): { who: string; bucket: string } | undefined {
  const a = cmd.args;
  switch (cmd.name) {
    case 'aws': {
      if (a[0] !== 's3api') return undefined;
      const bucket = optionValue(a, ['--bucket']) ?? '';
      if (a[1] === 'put-bucket-policy') {
        const doc = optionValue(a, ['--policy']);
        const who = doc && !doc.startsWith('file://') ? publicPolicyDocument(doc) : undefined;
        return who ? { who, bucket } : undefined;
      }
      if (a[1] !== 'put-bucket-acl' && a[1] !== 'put-object-acl') return undefined;
      const acl = optionValue(a, ['--acl']);
      if (acl && /^(?:public-read|public-read-write|authenticated-read)$/.test(acl)) return { who: `anyone (--acl ${acl})`, bucket };
      const grant = optionValues(a, ['--grant-read', '--grant-read-acp', '--grant-write', '--grant-full-control']).find((g) => /\/global\/(?:AllUsers|AuthenticatedUsers)\b/.test(g));
      return grant ? { who: `anyone (${grant})`, bucket } : undefined;
    }
    case 'gsutil': {
      const pos = positionals(a);
      const bucket = pos.find((p) => p.startsWith('gs://')) ?? '';
      if (pos[0] === 'iam' && pos[1] === 'ch') {
        const m = pos.find((p) => /^(?:allUsers|allAuthenticatedUsers):/i.test(p));
        return m ? { who: `anyone (${m})`, bucket } : undefined;
      }
      if (pos[0] !== 'acl' && pos[0] !== 'defacl') return undefined;
      if (pos[1] === 'set' && /^public-read(?:-write)?$/.test(pos[2] ?? '')) return { who: `anyone (${pos[2]})`, bucket };
      const m = pos[1] === 'ch' ? optionValues(a, ['-u', '-g']).find((v) => /^(?:AllUsers|AllAuthenticatedUsers):/i.test(v)) : undefined;
      return m ? { who: `anyone (${m})`, bucket } : undefined;
    }
    case 'gcloud': {
      // (Only storage: `gcloud run services add-iam-policy-binding … --member=allUsers` is how a public API is served.)
      if (a[0] !== 'storage') return undefined;
      const member = optionValues(a, ['--member', '--add-acl-grant']).find((v) => /\ballUsers\b|\ballAuthenticatedUsers\b/i.test(v)) ?? (a.includes('--predefined-acl=publicRead') ? 'publicRead' : undefined);
      return member ? { who: `anyone (${member})`, bucket: positionals(a).find((p) => p.startsWith('gs://')) ?? '' } : undefined;
    }
    case 'az': {
      if (a[0] !== 'storage' || a[1] !== 'container' || (a[2] !== 'set-permission' && a[2] !== 'create')) return undefined;
      const level = optionValue(a, ['--public-access']);
      return level === 'blob' || level === 'container' ? { who: `anyone (--public-access ${level})`, bucket: optionValue(a, ['--name', '-n']) ?? '' } : undefined;
    }
    default:
      return undefined;
  }
}

export function inspectPublicStorageCommand(cmd: SimpleCommand, ctx: RuleContext): void {
  const grant = publicGrant(cmd);
  if (!grant) {
    // An Azure account allowed to have public containers opens none itself, but the next
    // `--public-access` needs no other change: warned.
    const a = cmd.args;
    if (cmd.name === 'az' && a[0] === 'storage' && a[1] === 'account' && (a[2] === 'update' || a[2] === 'create') && /^true$/i.test(optionValue(a, ['--allow-blob-public-access']) ?? '')) {
      ctx.emit({ patternName: 'exfiltration.public_share', severity: 'medium', category: 'exfiltration', layer: 'builtin', reason: `Allows the storage account ${optionValue(a, ['--name', '-n']) ?? ''} to have containers anyone can read.`.replace('account  ', 'account ') });
    }
    return;
  }
  const site = SITE_BUCKET.test(grant.bucket.replace(/^gs:\/\//, ''));
  ctx.emit({ patternName: 'exfiltration.public_share', severity: site ? 'low' : 'high', category: 'exfiltration', layer: 'builtin', reason: `Makes ${grant.bucket ? `the bucket ${grant.bucket}` : 'cloud storage'} readable by ${grant.who}${site ? ', as a website or download bucket is' : '; every object in it can be read by anyone'}.` });
}
