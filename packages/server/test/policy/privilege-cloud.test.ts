import { test } from 'node:test';
import { runTable, shell, write, mcp, type Row } from './helpers.js';

test('privilege and security_tampering', async (t) => {
  const rows: Row[] = [
    [shell('sudo chmod u+s /bin/bash'), 'deny', 'privilege.setuid'],
    [shell('chmod 4755 ./mytool'), 'deny', 'privilege.setuid'],
    [shell('sudo chmod -R 777 /'), 'deny', 'privilege.world_writable_system'],
    [shell('chmod 777 /etc'), 'deny', 'privilege'],
    [shell('sudo chmod 666 /var/run/docker.sock'), 'deny', 'privilege.world_writable_socket'],
    [shell('chmod -R 777 ./storage'), 'warn', 'privilege.world_writable'],
    [shell('echo "dev ALL=(ALL) NOPASSWD:ALL" | sudo tee /etc/sudoers.d/dev'), 'deny', 'privilege.sudoers_edit'],
    [write('/etc/sudoers', 'dev ALL=(ALL) NOPASSWD: ALL\n'), 'deny', 'privilege.sudoers_edit'],
    [shell('sudo usermod -aG sudo intern'), 'deny', 'privilege.admin_group'],
    [shell('sudo usermod -aG docker dev'), 'warn', 'privilege'],
    [shell('sudo apt-get install --allow-unauthenticated -y postgresql-client'), 'warn', 'privilege.elevated_command'],
    [shell('sudo setenforce 0'), 'deny', 'security_tampering.selinux_disable'],
    [shell('sudo systemctl disable --now apparmor'), 'deny', 'security_tampering.security_service_stop'],
    [shell('sudo systemctl stop falcon-sensor && sudo systemctl mask falcon-sensor'), 'deny', 'security_tampering.security_service_stop'],
    [shell('sudo pkill -9 falcond'), 'deny', 'security_tampering.security_process_kill'],
    [shell('sudo launchctl unload /Library/LaunchDaemons/com.crowdstrike.falcond.plist'), 'deny', 'security_tampering'],
    [shell('sudo ufw disable'), 'deny', 'security_tampering.firewall_disable'],
    [shell('sudo iptables -F'), 'deny', 'security_tampering.firewall_disable'],
    [shell('sudo auditctl -e 0'), 'deny', 'security_tampering.audit_disable'],
    [shell('Set-MpPreference -DisableRealtimeMonitoring $true'), 'deny', 'security_tampering.antivirus_disable'],
    [shell('sudo spctl --master-disable'), 'deny', 'security_tampering.gatekeeper_disable'],
    [shell('rm ~/.codeium/windsurf/hooks.json'), 'deny', 'security_tampering.agent_hook_config'],
    [shell('history -c'), 'warn', 'security_tampering.history_tampering'],
  ];
  await runTable(t, rows);
});

test('privilege: benign look-alikes stay allowed', async (t) => {
  const rows: Row[] = [
    [shell('chmod +x scripts/build.sh'), 'allow'],
    [shell('chmod 644 README.md'), 'allow'],
    [shell('chmod -R 755 dist'), 'allow'],
    [shell('sudo -v'), 'allow'],
    [shell('systemctl status docker'), 'allow'],
    [shell('systemctl --user restart my-dev-server'), 'allow'],
    [shell('ufw status'), 'allow'],
    [shell('iptables -L'), 'allow'],
    [shell('kill -9 12345'), 'allow'],
    [shell('pkill -f "node server.js"'), 'allow'],
    [shell('cat /etc/sudoers.d/README'), 'allow'],
  ];
  await runTable(t, rows);
});

test('cloud_destructive: infrastructure and data teardown', async (t) => {
  const rows: Row[] = [
    [shell('terraform destroy'), 'warn', 'cloud_destructive.terraform_destroy'],
    [shell('terraform destroy -auto-approve'), 'deny', 'cloud_destructive.terraform_destroy'],
    [shell('terraform apply -auto-approve'), 'warn', 'cloud_destructive.terraform_auto_approve'],
    [shell('aws s3 rm s3://prod-backups --recursive'), 'deny', 'cloud_destructive.s3_recursive_delete'],
    [shell('aws s3 rb s3://bucket --force'), 'deny', 'cloud_destructive.s3_bucket_delete'],
    [shell('aws rds delete-db-instance --db-instance-identifier prod-main --skip-final-snapshot'), 'deny', 'cloud_destructive.aws_delete'],
    [shell('aws ec2 terminate-instances --instance-ids i-123'), 'warn', 'cloud_destructive.aws_delete'],
    [shell('gcloud compute instances delete ci-runner-3 --zone us-central1-a'), 'warn', 'cloud_destructive.gcloud_delete'],
    [shell('gcloud projects delete my-project --quiet'), 'deny', 'cloud_destructive.gcloud_delete'],
    [shell('az group delete --name rg-staging-eastus'), 'warn', 'cloud_destructive.az_delete'],
    [shell('kubectl delete namespace production'), 'deny', 'cloud_destructive.k8s_delete_namespace'],
    [shell('kubectl delete ns feature-123'), 'deny', 'cloud_destructive.k8s_delete_namespace'],
    [shell('kubectl delete pods --all -n staging'), 'deny', 'cloud_destructive.k8s_delete_all'],
    [shell('kubectl scale deployment api --replicas=0 -n staging'), 'warn', 'cloud_destructive.k8s_scale_zero'],
    [shell('helm uninstall api -n staging'), 'warn', 'cloud_destructive.helm_uninstall'],
    [shell('mysql -h db.example.com -u admin -e "DROP DATABASE webapp;"'), 'deny', 'cloud_destructive.sql_drop_database'],
    [shell('psql -c "TRUNCATE users"'), 'deny', 'cloud_destructive.sql_truncate'],
    [shell('psql -c "DELETE FROM sessions"'), 'deny', 'cloud_destructive.sql_delete_rows'],
    [shell('redis-cli -h cache.internal FLUSHALL'), 'deny', 'cloud_destructive.sql_flush_all'],
    [shell('dropdb production'), 'deny', 'cloud_destructive.drop_database'],
    [mcp('postgres', 'query', { sql: "DELETE FROM sessions WHERE created_at < now() - interval '30 days';" }), 'warn', 'cloud_destructive.sql_delete_rows'],
    [mcp('supabase', 'execute_sql', { project_id: 'x', query: 'DROP TABLE users;' }), 'deny', 'cloud_destructive.sql_drop_object'],
  ];
  await runTable(t, rows);
});

test('cloud_destructive: read-only and routine operations stay allowed', async (t) => {
  const rows: Row[] = [
    [shell('terraform plan -out=tfplan'), 'allow'],
    [shell('terraform apply tfplan'), 'allow'],
    [shell('kubectl get pods -n staging'), 'allow'],
    [shell('kubectl describe deployment api -n staging'), 'allow'],
    [shell('kubectl delete pod api-7d9f -n dev'), 'allow'],
    [shell('kubectl scale deployment api --replicas=3'), 'allow'],
    [shell('aws s3 ls s3://bucket'), 'allow'],
    [shell('aws s3 rm s3://bucket/tmp/file.txt'), 'allow'],
    [shell('gcloud compute instances list'), 'allow'],
    [shell('psql -c "SELECT count(*) FROM users"'), 'allow'],
    [shell('mysql -e "SELECT \'DROP DATABASE x\'"'), 'allow'],
    [mcp('postgres', 'query', { sql: 'SELECT * FROM users WHERE id = 1' }), 'allow'],
    [shell('docker compose down'), 'allow'],
  ];
  await runTable(t, rows);
});
