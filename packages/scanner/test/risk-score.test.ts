import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { riskLevelForScore, scoreSkillPreview, SKILL_RISK_FLAG_POINTS, type SkillRiskFlag } from '../src/index.js';

describe('scoreSkillPreview: each flag alone', () => {
  const cases: [SkillRiskFlag, string][] = [
    ['credential_access', 'Read the secret from the vault.'],
    ['credential_access', 'Export GITHUB_TOKEN first.'],
    ['credential_access', 'Ask the user for their password.'],
    ['credential_access', 'Set api_key in the config.'],
    ['credential_access', 'Set API-KEY in the config.'],
    ['credential_access', 'const accessToken = load();'],
    ['destructive_ops', 'Run rm -rf build/ before starting.'],
    ['destructive_ops', 'Run RM -Rf build/ before starting.'],
    ['destructive_ops', 'then rm -fr ./out'],
    ['destructive_ops', 'Delete all rows from the table.'],
    ['destructive_ops', 'Format the disk when asked.'],
    ['bash_commands', 'Example:\n```bash\nls\n```'],
    ['bash_commands', 'Example:\n```sh\nls\n```'],
    ['bash_commands', 'Use Bash(git status:*) to check.'],
    ['bash_commands', '---\nallowed-tools: Read, Bash\n---\nBody'],
    ['bash_commands', 'Call run_shell_command with it.'],
    ['code_execution', 'result = eval(expr)'],
    ['code_execution', 'child_process.exec (cmd)'],
    ['code_execution', 'import subprocess'],
    ['code_execution', 'os.system("ls")'],
    ['package_install', 'pip install requests'],
    ['package_install', 'npm install left-pad'],
    ['package_install', 'brew install jq'],
    ['network_access', 'Use curl to get it.'],
    ['network_access', 'wget the archive'],
    ['network_access', 'Use the WebFetch tool.'],
    ['network_access', 'See https://example.com/docs'],
    ['network_access', 'See http://example.com/docs'],
    ['file_write', 'Use Write(notes.md) to save.'],
    ['file_write', 'Write the file to disk.'],
    ['file_write', 'Create a new file named x.'],
    ['file_write', 'Call write_file with it.'],
  ];
  for (const [flag, preview] of cases) {
    test(`${flag}: ${JSON.stringify(preview)}`, () => {
      const result = scoreSkillPreview(preview);
      assert.deepEqual(result.flags, [flag]);
      assert.equal(result.score, SKILL_RISK_FLAG_POINTS[flag]);
      assert.equal(result.level, riskLevelForScore(result.score));
    });
  }

  test('the spec table points', () => {
    assert.deepEqual(SKILL_RISK_FLAG_POINTS, {
      credential_access: 40,
      destructive_ops: 35,
      bash_commands: 30,
      code_execution: 30,
      package_install: 25,
      network_access: 20,
      file_write: 20,
    });
  });
});

describe('scoreSkillPreview: what does not flag', () => {
  const benign = [
    'Summarise the pull request in three bullet points.',
    'The tokenizer splits words.',
    'Ask the secretary.',
    'Remove the file with rm notes.txt',
    'Formats code with prettier.',
    'Uses bashful humour.',
    'evaluate the results',
    'The preview is http-agnostic.',
  ];
  for (const preview of benign) {
    test(JSON.stringify(preview), () => {
      assert.deepEqual(scoreSkillPreview(preview), { score: 0, level: 'Low', flags: [] });
    });
  }
});

describe('scoreSkillPreview: sums, cap and levels', () => {
  const cases: [string, string, number, string][] = [
    ['package alone is Low at 25', 'pip install x', 25, 'Low'],
    ['network + file write is Medium', 'curl it then write the file', 40, 'Medium'],
    ['bash + network is Medium at 50', '```bash\ncurl x\n```', 50, 'Medium'],
    ['bash + package is High at 55', '```bash\npip install x\n```', 55, 'High'],
    ['credential + destructive is High at 75', 'token; rm -rf /', 75, 'High'],
    ['credential + network + file write is Critical at 80', 'token; curl; create file', 80, 'Critical'],
  ];
  for (const [name, preview, score, level] of cases) {
    test(name, () => {
      const result = scoreSkillPreview(preview);
      assert.equal(result.score, score);
      assert.equal(result.level, level);
    });
  }

  test('every flag at once is capped at 100 and lists the flags in table order', () => {
    const all = 'secret token; rm -rf /; ```bash\nx\n```; eval(x); pip install y; curl https://z; create file';
    const result = scoreSkillPreview(all);
    assert.equal(result.score, 100);
    assert.equal(result.level, 'Critical');
    assert.deepEqual(result.flags, [
      'credential_access',
      'destructive_ops',
      'bash_commands',
      'code_execution',
      'package_install',
      'network_access',
      'file_write',
    ]);
  });

  test('a flag counts once however often it appears', () => {
    assert.equal(scoreSkillPreview('curl a; curl b; wget c; https://d').score, 20);
  });

  test('deterministic', () => {
    const preview = 'token; ```bash\nrm -rf x\n```';
    assert.deepEqual(scoreSkillPreview(preview), scoreSkillPreview(preview));
  });
});

describe('riskLevelForScore boundaries', () => {
  const cases: [number, string][] = [
    [0, 'Low'],
    [25, 'Low'],
    [26, 'Medium'],
    [50, 'Medium'],
    [51, 'High'],
    [75, 'High'],
    [76, 'Critical'],
    [100, 'Critical'],
  ];
  for (const [score, level] of cases) test(`${score} is ${level}`, () => assert.equal(riskLevelForScore(score), level));
});
