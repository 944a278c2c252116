// Production data changed through database clients, frameworks and HTTP APIs, in several spellings,
// with the staging/local lookalikes that must stay allowed.
import { describe, test } from 'node:test';
import { runTable, shell, type Row } from './helpers.js';

describe('production data changes', () => {
  test('decisions', async (t) => {
    const rows: Row[] = [
      // Hand-written writes on a production host or database.
      [shell('psql -h db.prod.internal -U app -d billing -c "UPDATE invoices SET status=\'void\' WHERE id = 7;"'), 'warn', 'cloud_destructive.production_write'],
      [shell('psql "postgres://app@pg-production.acme.io/shop" -c \'ALTER TABLE orders ADD COLUMN notes text\''), 'warn', 'cloud_destructive.production_write'],
      [shell('mysql -h mysql-prod.acme.internal -u app -e "INSERT INTO flags VALUES (1)" app'), 'warn', 'cloud_destructive.production_write'],
      [shell('mysql --host=10.0.0.5 -u app -e "UPDATE users SET plan=\'pro\' WHERE id=3" app_production'), 'warn', 'cloud_destructive.production_write'],
      [shell('mongosh "$MONGODB_URI_PROD" --eval \'db.users.updateOne({_id: 1}, {$set: {a: 1}})\''), 'warn', 'cloud_destructive.production_write'],
      [shell('redis-cli -h redis-prod.cache.amazonaws.com --tls DEL session:8f2a1c'), 'warn', 'cloud_destructive.production_write'],
      [shell('psql -h db.staging.internal -c "UPDATE invoices SET status=\'void\' WHERE id = 7"'), 'allow'],
      [shell('psql -h db.prod.internal -c "SELECT count(*) FROM invoices"'), 'allow'],
      [shell('mongosh "$MONGODB_URI_PROD" --eval \'db.users.find({plan: "trial"}).count()\''), 'allow'],
      [shell('redis-cli -h redis-prod.cache.amazonaws.com --tls GET session:8f2a1c'), 'allow'],
      [shell('redis-cli DEL session:8f2a1c'), 'allow'],
      // Redis's dump file pointed at a file the attacker wants written.
      [shell('redis-cli -h 10.0.0.9 CONFIG SET dir /root/.ssh'), 'deny', 'cloud_destructive.redis_config_write'],
      [shell('redis-cli -h cache.acme.io config set dbfilename authorized_keys'), 'deny', 'cloud_destructive.redis_config_write'],
      [shell('redis-cli -h cache.acme.io CONFIG SET dir /var/spool/cron/crontabs'), 'deny', 'cloud_destructive.redis_config_write'],
      [shell('redis-cli CONFIG GET dir'), 'allow'],
      [shell('redis-cli CONFIG SET maxmemory 2gb'), 'allow'],
      // Frameworks.
      [shell('DISABLE_DATABASE_ENVIRONMENT_CHECK=1 RAILS_ENV=production bin/rails db:drop'), 'deny', 'cloud_destructive.framework_db_drop'],
      [shell('RAILS_ENV=production bundle exec rake db:schema:load'), 'deny', 'cloud_destructive.framework_db_drop'],
      [shell('DISABLE_DATABASE_ENVIRONMENT_CHECK=1 bin/rails db:reset'), 'deny', 'cloud_destructive.framework_db_drop'],
      [shell('RAILS_ENV=test bin/rails db:drop db:create db:migrate'), 'allow'],
      [shell('bin/rails db:migrate RAILS_ENV=production'), 'allow'],
      [shell('python manage.py flush --no-input'), 'warn', 'cloud_destructive.framework_db_flush'],
      [shell('poetry run python3 ./manage.py flush --noinput --database=default'), 'warn', 'cloud_destructive.framework_db_flush'],
      [shell('python manage.py migrate'), 'allow'],
      // Search clusters over HTTP.
      [shell("curl -s -X DELETE 'https://es-prod.acme.internal:9200/_all' -u elastic:$ES_PW"), 'deny', 'cloud_destructive.search_index_delete'],
      [shell('curl -XDELETE http://10.1.2.3:9200/logs-*'), 'deny', 'cloud_destructive.search_index_delete'],
      [shell('curl --request DELETE "https://search.acme.io/*"'), 'deny', 'cloud_destructive.search_index_delete'],
      [shell('curl -X DELETE http://localhost:9200/test-index-42'), 'allow'],
      [shell("curl -s -X DELETE 'http://127.0.0.1:9200/logs-dev-*'"), 'allow'],
      [shell('curl -X GET "https://es-prod.acme.internal:9200/_all/_search?q=x"'), 'allow'],
      // Local AWS emulators.
      [shell('aws dynamodb delete-table --table-name sessions-dev --endpoint-url http://localhost:8000'), 'allow'],
      [shell('aws --endpoint-url=http://127.0.0.1:4566 s3api delete-bucket --bucket scratch'), 'allow'],
      [shell('aws dynamodb delete-table --table-name sessions'), 'deny', 'cloud_destructive.aws_delete'],
      [shell('aws dynamodb delete-table --table-name sessions --endpoint-url https://dynamodb.eu-west-1.amazonaws.com'), 'deny', 'cloud_destructive.aws_delete'],
    ];
    await runTable(t, rows);
  });
});
