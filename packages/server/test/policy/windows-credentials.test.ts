// Windows credential stores and account changes, in several spellings (cmd, PowerShell, aliases,
// .exe suffixes, registry-drive and full hive names), with the benign lookalikes that must stay allowed.
import { describe, test } from 'node:test';
import { runTable, shell, type Row } from './helpers.js';

describe('windows credential stores and accounts', () => {
  test('decisions', async (t) => {
    const rows: Row[] = [
      // Registry hives with password hashes and LSA secrets.
      [shell('reg save HKLM\\SAM C:\\Windows\\Temp\\sam.hiv'), 'deny', 'credential_access.secret_manager_read'],
      [shell('reg.exe save hklm\\security C:\\temp\\sec.hiv /y'), 'deny', 'credential_access.secret_manager_read'],
      [shell('REG SAVE HKEY_LOCAL_MACHINE\\SYSTEM sys.hiv'), 'deny', 'credential_access.secret_manager_read'],
      [shell('cmd /c "reg export HKLM\\SAM out.reg"'), 'deny', 'credential_access.secret_manager_read'],
      [shell('reg query HKLM\\SYSTEM\\CurrentControlSet\\Services\\Tcpip'), 'allow'],
      [shell('reg save HKCU\\Software\\Acme\\Editor editor.hiv'), 'allow'],
      // DPAPI credential files and master keys.
      [shell('Get-ChildItem -Path $env:APPDATA\\Microsoft\\Credentials -Force'), 'deny', 'credential_access.secret_manager_read'],
      [shell('gci -Force "$env:LOCALAPPDATA\\Microsoft\\Credentials"'), 'deny', 'credential_access.secret_manager_read'],
      [shell('Copy-Item -Recurse $env:APPDATA\\Microsoft\\Protect C:\\Users\\Public\\p'), 'deny', 'credential_access.secret_manager_read'],
      [shell('dir /a %APPDATA%\\Microsoft\\Protect'), 'deny', 'credential_access.secret_manager_read'],
      [shell('Get-ChildItem $env:APPDATA\\Microsoft\\Windows\\Recent'), 'allow'],
      [shell('Get-Content .\\docs\\credentials.md'), 'allow'],
      // Saved SSH/SFTP client passwords.
      [shell('powershell -NoProfile -Command "Get-ItemProperty \'HKCU:\\Software\\SimonTatham\\PuTTY\\Sessions\\prod\'"'), 'deny', 'credential_access.secret_manager_read'],
      [shell('reg query HKCU\\Software\\SimonTatham\\PuTTY\\Sessions /s'), 'deny', 'credential_access.secret_manager_read'],
      [shell('reg query "HKCU\\Software\\Martin Prikryl\\WinSCP 2\\Sessions" /s'), 'deny', 'credential_access.secret_manager_read'],
      [shell('reg query HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run'), 'allow'],
      // The Credential Manager front ends.
      [shell('cmdkey /list'), 'warn', 'credential_access.secret_manager_read'],
      [shell('cmdkey.exe /list:TERMSRV/*'), 'warn', 'credential_access.secret_manager_read'],
      [shell('cmdkey /add:server01 /user:me /pass:x'), 'allow'],
      [shell('rundll32.exe keymgr.dll,KRShowKeyMgr'), 'warn', 'credential_access.secret_manager_read'],
      [shell('rundll32 shell32.dll,Control_RunDLL'), 'allow'],
      [shell('vaultcmd /listcreds:"Windows Credentials" /all'), 'deny', 'credential_access.secret_manager_read'],
      [shell('vaultcmd /list'), 'allow'],
      // Accounts and administrator groups.
      [shell('net user backdoor P@ssw0rd! /add'), 'warn', 'privilege.account_create'],
      [shell('net localgroup administrators backdoor /add'), 'deny', 'privilege.admin_group'],
      [shell('net.exe localgroup "Administrators" svc /ADD'), 'deny', 'privilege.admin_group'],
      [shell('Add-LocalGroupMember -Group \'Administrators\' -Member "$env:USERNAME"'), 'deny', 'privilege.admin_group'],
      [shell('add-localgroupmember -group "Remote Desktop Users" -member dana'), 'deny', 'privilege.admin_group'],
      [shell('Add-LocalGroupMember -Group Users -Member dana'), 'allow'],
      [shell('net localgroup administrators'), 'allow'],
      [shell('net user'), 'allow'],
      [shell('net use Z: \\\\fileserver\\share'), 'allow'],
      // Ending every process.
      [shell('Stop-Process -Name * -Force'), 'warn', 'security_tampering.kill_all_processes'],
      [shell('taskkill /F /IM *'), 'warn', 'security_tampering.kill_all_processes'],
      [shell('Stop-Process -Name node -Force'), 'allow'],
      [shell('taskkill /F /IM node.exe'), 'allow'],
      // Guard-rail files in Windows spellings, removed or overwritten by PowerShell and cmd.
      [shell('Remove-Item -Force "$env:USERPROFILE\\.claude\\settings.json"'), 'deny', 'guard_rail_change'],
      [shell("Remove-Item 'C:\\ProgramData\\Cursor\\hooks.json' -Force"), 'deny', 'guard_rail_change'],
      [shell('del /q /f "%USERPROFILE%\\.cursor\\hooks.json"'), 'deny', 'guard_rail_change'],
      [shell('ri -LiteralPath "$env:USERPROFILE\\.codex\\hooks.json"'), 'deny', 'guard_rail_change'],
      [shell("Set-Content -Path 'C:\\ProgramData\\Windsurf\\hooks.json' -Value '{}'"), 'deny', 'guard_rail_change'],
      [shell("Set-Content -Path 'C:\\Program Files\\ClaudeCode\\managed-settings.json' -Value '{}'"), 'deny', 'guard_rail_change'],
      [shell('Clear-Content "$env:USERPROFILE/.cursor/hooks.json"'), 'deny', 'guard_rail_change'],
      [shell('Remove-Item -Recurse -Force .\\node_modules'), 'allow'],
      [shell("Set-Content -Path .\\README.md -Value 'hi'"), 'allow'],
      [shell('del build\\out.log'), 'allow'],
      [shell('Clear-Content .\\logs\\app.log'), 'allow'],
      [shell('Remove-Item -Force ~\\.claude\\settings.json'), 'deny', 'guard_rail_change'],
      [shell('echo ~\\*'), 'allow'],
    ];
    await runTable(t, rows);
  });
});
