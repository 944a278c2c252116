// Skill discovery (spec: "Skill inventory entry", scan locations and leaf layouts).
//
// Two leaf layouts are recognised in a skills directory:
//   skills/<name>.md            flat file (".md" in any case)
//   skills/<name>/SKILL.md      directory; the file name matched case-insensitively
// Symlinks are followed at every level: the skills directory itself, each entry, and SKILL.md.
// The layout is fixed-depth, so a symlink loop cannot cause recursion; loops and aliases are still
// detected through resolved paths, so each directory and each file is reported at most once:
//   - a skills directory that resolves to one already scanned is skipped (a project's
//     .claude/skills linked to ~/.claude/skills stays `global`, counted once);
//   - an entry that resolves to a directory already seen (a link to the skills directory, to an
//     ancestor, or to another skill) is skipped; links to an ancestor are warned about as loops;
//   - a skill file that resolves to a file already reported is skipped.
// Real entries are visited before symlinked ones (see directory-listing.ts), so the real name wins
// over an alias and results are deterministic.
import { promises as fsp } from 'node:fs';
import { join, sep } from 'node:path';
import { ConfigReader, describeFsError, isMissingError } from './config-files.js';
import { listEntries } from './directory-listing.js';
import type { InventorySource, SkillInventoryEntry } from './inventory-types.js';
import { readSkillFile } from './skill-file.js';

/** Most skills one scan reports; the rest are dropped with a warning. */
export const MAX_SKILLS = 1000;

export interface SkillsDirectory {
  dir: string;
  source: InventorySource;
  /** Prepended to each skill name, e.g. `myplugin:` for a plugin's skills. */
  namePrefix?: string;
}

interface SkillLeaf {
  name: string;
  file: string;
}

async function realpathOf(path: string): Promise<string | undefined> {
  try {
    return await fsp.realpath(path);
  } catch {
    return undefined;
  }
}

/** True when `dir` is `target` or one of its ancestors: following it from `target` would loop. */
function isSameOrAncestor(dir: string, target: string): boolean {
  return dir === target || target.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

class SkillWalker {
  private readonly seenDirs = new Set<string>();
  private readonly seenFiles = new Set<string>();
  private readonly seenNames = new Set<string>();
  readonly skills: SkillInventoryEntry[] = [];
  private full = false;

  constructor(private readonly reader: ConfigReader) {}

  async scanDirectory(spec: SkillsDirectory): Promise<void> {
    if (this.full) return;
    let real: string;
    try {
      real = await fsp.realpath(spec.dir);
      if (!(await fsp.stat(real)).isDirectory()) return;
    } catch (err) {
      if (!isMissingError(err)) this.reader.warn(`${spec.dir}: skipped (${describeFsError(err)})`);
      return;
    }
    if (this.seenDirs.has(real)) return;
    this.seenDirs.add(real);
    for (const entry of await listEntries(spec.dir, this.reader)) {
      if (entry.name.startsWith('.')) continue;
      const leaf = await this.resolveLeaf(join(spec.dir, entry.name), entry.name, real);
      if (leaf) await this.addSkill(leaf, spec);
      if (this.full) return;
    }
  }

  private async resolveLeaf(entryPath: string, entryName: string, skillsDirReal: string): Promise<SkillLeaf | undefined> {
    let info;
    try {
      info = await fsp.stat(entryPath);
    } catch (err) {
      // A dangling link is not worth a warning; a loop is.
      if (!isMissingError(err)) this.reader.warn(`${entryPath}: skipped (${describeFsError(err)})`);
      return undefined;
    }
    if (info.isFile()) {
      return /^.+\.md$/i.test(entryName) ? { name: entryName.slice(0, -3), file: entryPath } : undefined;
    }
    if (!info.isDirectory()) return undefined;
    const real = await realpathOf(entryPath);
    if (!real) return undefined;
    if (isSameOrAncestor(real, skillsDirReal)) {
      this.reader.warn(`${entryPath}: skipped (symlink loop)`);
      return undefined;
    }
    if (this.seenDirs.has(real)) return undefined;
    this.seenDirs.add(real);
    const candidates = (await listEntries(entryPath, this.reader)).filter((e) => e.name.toLowerCase() === 'skill.md');
    // On case-sensitive file systems SKILL.md and skill.md may both exist: the canonical name wins.
    const chosen = candidates.find((e) => e.name === 'SKILL.md') ?? candidates[0];
    return chosen ? { name: entryName, file: join(entryPath, chosen.name) } : undefined;
  }

  private async addSkill(leaf: SkillLeaf, spec: SkillsDirectory): Promise<void> {
    if (this.skills.length >= MAX_SKILLS) {
      this.reader.warn(`more than ${MAX_SKILLS} skills found; only the first ${MAX_SKILLS} are reported`);
      this.full = true;
      return;
    }
    const name = (spec.namePrefix ?? '') + leaf.name;
    const nameKey = `${spec.source}\0${name}`;
    if (this.seenNames.has(nameKey)) return;
    const real = await realpathOf(leaf.file);
    if (!real || this.seenFiles.has(real)) return;
    const read = await readSkillFile(leaf.file);
    if (read.status === 'skipped') {
      this.reader.warn(`${leaf.file}: skipped (${read.reason})`);
      return;
    }
    this.seenFiles.add(real);
    this.seenNames.add(nameKey);
    this.skills.push({ name, source: spec.source, preview: read.preview, hash: read.hash, path: leaf.file });
  }
}

/** Scans the skills directories in order; earlier directories win over later duplicates. */
export async function discoverSkills(dirs: SkillsDirectory[], reader: ConfigReader): Promise<SkillInventoryEntry[]> {
  const walker = new SkillWalker(reader);
  for (const spec of dirs) await walker.scanDirectory(spec);
  return walker.skills;
}
